// Builds `bytebound hook` into one small ESM file, so Claude Code's hook starts in about the time
// node itself does: dist/bytebound-hook.mjs (a launcher that turns on Node's module compile cache
// where Node has it, >= 22.1) and dist/bytebound-hook-core.mjs (the bundled hook).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { tsImport } from 'tsx/esm/api';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(cli, 'dist');
fs.mkdirSync(dist, { recursive: true });

// The built-in default policy is built once here and embedded as JSON: building it from the
// regulation profiles on every hook call was the largest cost of a cold process.
const { defaultPolicy } = await tsImport('../../engine/src/agent/default-policy.ts', import.meta.url);
const staging = path.join(dist, `.build-${process.pid}`);
await build({
  entryPoints: [{ in: path.join(cli, 'src/commands/hook.ts'), out: 'bytebound-hook-core' }],
  bundle: true,
  splitting: true,
  chunkNames: 'hook-chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  define: { BYTEBOUND_DEFAULT_POLICY_JSON: JSON.stringify(JSON.stringify(defaultPolicy())) },
  outdir: staging,
  logLevel: 'warning',
});
// Chunks first, the core last, each renamed into place, so a hook starting while another build
// runs never reads half a file (chunk names carry their content hash).
fs.mkdirSync(path.join(dist, 'hook-chunks'), { recursive: true });
const chunks = fs.readdirSync(path.join(staging, 'hook-chunks'));
for (const chunk of chunks) fs.renameSync(path.join(staging, 'hook-chunks', chunk), path.join(dist, 'hook-chunks', chunk));
fs.renameSync(path.join(staging, 'bytebound-hook-core.js'), path.join(dist, 'bytebound-hook-core.mjs'));
fs.rmSync(staging, { recursive: true, force: true });
// Chunks of earlier builds are no longer referenced (their names carry another hash).
for (const old of fs.readdirSync(path.join(dist, 'hook-chunks'))) if (!chunks.includes(old)) fs.rmSync(path.join(dist, 'hook-chunks', old), { force: true });

const launcher = `#!/usr/bin/env node
// bytebound hook, bundled (built by packages/cli/scripts/build-hook.mjs). Usage: bytebound-hook.mjs [--policy p.bb]
import module from 'node:module';
module.enableCompileCache?.();
const { run } = await import('./bytebound-hook-core.mjs');
process.exitCode = await run(process.argv.slice(2));
`;
const writeAtomically = (file, text) => {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o755 });
  fs.renameSync(tmp, file);
};
writeAtomically(path.join(dist, 'bytebound-hook.mjs'), launcher);

// Claude Code lets a tool call run when its hook crashes, times out or is not found. This wrapper
// closes that gap: any such failure at PreToolUse or UserPromptSubmit becomes a block (exit 2);
// at other events it stays exit 0, since exit 2 at Stop would keep the agent running.
const guard = `#!/bin/sh
# bytebound hook guard (built by packages/cli/scripts/build-hook.mjs). Usage: bytebound-hook-guard.sh [--policy p.bb]
HOOK="\${BYTEBOUND_HOOK:-$(dirname "$0")/bytebound-hook.mjs}"
NODE="\${BYTEBOUND_NODE:-node}"
LIMIT="\${BYTEBOUND_HOOK_TIMEOUT:-20}"
input=$(cat)
# A failure passes (exit 0) only at an event that plainly names itself and cannot block; any other
# input, however its JSON is spaced or escaped, is taken as one that can.
fail() {
  if ! printf '%s' "$input" | grep -Eq '"hook_event_name"[[:space:]]*:[[:space:]]*"(PreToolUse|UserPromptSubmit)"' &&
    printf '%s' "$input" | grep -Eq '"hook_event_name"[[:space:]]*:[[:space:]]*"[A-Za-z]+"'; then
    exit 0
  fi
  echo "Bytebound blocked this action (fail secure): $1" >&2
  exit 2
}
command -v "$NODE" >/dev/null 2>&1 || fail "node is not installed ($NODE)."
[ -f "$HOOK" ] || fail "the hook is not installed ($HOOK)."
if command -v timeout >/dev/null 2>&1; then
  printf '%s' "$input" | timeout "$LIMIT" "$NODE" "$HOOK" "$@"
else
  printf '%s' "$input" | "$NODE" "$HOOK" "$@"
fi
code=$?
case $code in
  0|2) exit $code ;;
  124) fail "the hook did not answer within $LIMIT s." ;;
  *) fail "the hook failed unexpectedly (exit $code)." ;;
esac
`;
writeAtomically(path.join(dist, 'bytebound-hook-guard.sh'), guard);
process.stdout.write(`built ${path.relative(process.cwd(), path.join(dist, 'bytebound-hook.mjs'))} (${fs.statSync(path.join(dist, 'bytebound-hook-core.mjs')).size} bytes)\n`);
