// Builds `bytebound hook` into one small ESM file, so Claude Code's hook starts in about the time
// node itself does: dist/bytebound-hook.mjs (a launcher that turns on Node's module compile cache
// where Node has it, >= 22.1) and dist/bytebound-hook-core.mjs (the bundled hook).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(cli, 'dist');
fs.mkdirSync(dist, { recursive: true });

await build({
  stdin: { contents: "export { run } from './src/commands/hook.ts';", resolveDir: cli, loader: 'ts', sourcefile: 'hook-entry.ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  outfile: path.join(dist, 'bytebound-hook-core.mjs'),
  logLevel: 'warning',
});

const launcher = `#!/usr/bin/env node
// bytebound hook, bundled (built by packages/cli/scripts/build-hook.mjs). Usage: bytebound-hook.mjs [--policy p.bb]
import module from 'node:module';
module.enableCompileCache?.();
const { run } = await import('./bytebound-hook-core.mjs');
process.exitCode = await run(process.argv.slice(2));
`;
fs.writeFileSync(path.join(dist, 'bytebound-hook.mjs'), launcher, { mode: 0o755 });
process.stdout.write(`built ${path.relative(process.cwd(), path.join(dist, 'bytebound-hook.mjs'))} (${fs.statSync(path.join(dist, 'bytebound-hook-core.mjs')).size} bytes)\n`);
