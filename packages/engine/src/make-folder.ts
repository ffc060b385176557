// A folder and its missing parents made (mkdir -p), or a clear error where one cannot be: Node's own
// recursive mkdir never returns for a path under /proc (it retries the same ENOENT without end, on
// Node 20 and 24), which would hang the hook, the CLI or the server on a mistyped home.
import fs from 'node:fs';
import path from 'node:path';

/** Makes `dir` and the parents it lacks, each with `mode`; throws naming the folder that cannot be made. */
export function makeFolder(dir: string, mode = 0o777): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !fs.existsSync(at); at = path.dirname(at)) {
    missing.push(at);
    if (path.dirname(at) === at) break;
  }
  for (const folder of missing.reverse()) {
    try {
      fs.mkdirSync(folder, { mode });
    } catch (error) {
      // Made by another process in between: as good as made here.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new Error(`cannot create the folder ${folder}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
}
