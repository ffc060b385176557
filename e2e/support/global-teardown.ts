// Removes the temporary data directory (the fresh database) of this run.
import fs from 'node:fs';

export default function globalTeardown(): void {
  const dir = process.env.BYTEBOUND_E2E_DATA_DIR;
  if (dir && dir.includes('bytebound-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
