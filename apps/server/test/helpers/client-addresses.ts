// Client addresses for tests of limits counted per address: each call gives one no other call of
// the same maker gave, within 10.<subnet>.0.0/16, so that tests in one file count apart.
export function clientAddresses(subnet: number): () => string {
  let last = 0;
  return () => {
    last += 1;
    return `10.${subnet}.${(last >> 8) & 255}.${last & 255}`;
  };
}
