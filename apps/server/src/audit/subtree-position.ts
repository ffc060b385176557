// Where the audit log keeps a subtree's hash (audit_subtrees): its place in the tree's post-order,
// the order in which an append-only tree completes its nodes (each leaf, then every subtree that
// leaf completes, lowest first). Keyed so, the subtrees a batch of appends completes go to the end
// of the table's index together (keyed by level and index, each level's would go to a place of its
// own in the index: a page written per level and batch).

/** Set bits of a 32-bit number. */
function bitCount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Set bits of a whole number below 2^53. */
function bitCount(n: number): number {
  return bitCount32(n >>> 0) + bitCount32(Math.floor(n / 2 ** 32));
}

/** Zero bits below the lowest set bit of a positive whole number. */
function trailingZeros(n: number): number {
  let zeros = 0;
  for (let rest = n; rest % 2 === 0; rest /= 2) zeros += 1;
  return zeros;
}

/**
 * The post-order place (from 0, leaves counted) of the perfect subtree of 2^level leaves whose
 * first leaf is index * 2^level. It completes when the tree reaches n = (index + 1) * 2^level
 * leaves, whose nodes number 2n - bitCount(n); of the nodes leaf n completes, those above this
 * subtree (as many as index + 1 has trailing zero bits) come after it.
 */
export function subtreePosition(level: number, index: number): number {
  const leaves = (index + 1) * 2 ** level;
  const position = 2 * leaves - bitCount(leaves) - 1 - trailingZeros(index + 1);
  if (!Number.isSafeInteger(position)) throw new Error(`audit log subtree (${level}, ${index}) is beyond the positions kept`);
  return position;
}
