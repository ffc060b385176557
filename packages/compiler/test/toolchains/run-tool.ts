// Running a toolchain binary on files in a scratch directory, for the format runners.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh scratch directory, removed by the returned cleanup. */
export function scratchDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bytebound-${prefix}-`));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Runs a tool; rejects with its stderr when it exits non-zero. */
export function runTool(file: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(file)} ${args.join(' ')} failed: ${stderr || stdout || error.message}`));
      else resolve(stdout);
    });
  });
}
