// `bytebound hook [--policy p.bb]`: the Claude Code command hook. Reads one event JSON on stdin,
// decides it against the policy (the built-in default: GDPR + PCI DSS + HIPAA baselines), signs
// the decision into the local audit log under BYTEBOUND_HOME and answers with the exit code and
// output the hook protocol expects. `bytebound hook export-log` writes the log for `bytebound verify`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decide as referenceDecide } from '@bytebound/compiler/evaluate';
import type { Policy } from '@bytebound/compiler/policy-model';
import { appendDecision, appendHookLogLine, exportAuditLog } from '@bytebound/engine/agent/audit-log';
import { MAX_HOOK_INPUT_BYTES } from '@bytebound/engine/agent/config';
import { defaultPolicy } from '@bytebound/engine/agent/default-policy';
import { type ActivePolicy, handleHookEvent } from '@bytebound/engine/agent/hook-events';
import { type OwnFiles, ownFiles } from '@bytebound/engine/agent/own-files';
import { byteboundHome, localSigningKey } from './keys.ts';

export const summary = 'the Claude Code hook: decide before an AI agent acts';

const HELP = `Usage: bytebound hook [--policy policy.bb]       (reads one Claude Code hook event on stdin)
       bytebound hook export-log [--out file.json]  (the local audit log, for bytebound verify)

Without --policy the built-in default policy applies: GDPR, PCI DSS and HIPAA baselines.
PreToolUse: exit 0 and no output allows; exit 2 blocks, with the reason on stderr.
Decisions are signed into $BYTEBOUND_HOME/audit (default ~/.bytebound/audit); verify with
  bytebound hook export-log --out log.json && bytebound keys export > keys.json &&
  bytebound verify log.json --keys keys.json
`;

/** The default policy as JSON, embedded by the bundle build (packages/cli/scripts/build-hook.mjs); absent when run from source. */
declare const BYTEBOUND_DEFAULT_POLICY_JSON: string | undefined;

function builtInPolicy(): Policy {
  return typeof BYTEBOUND_DEFAULT_POLICY_JSON === 'string' ? (JSON.parse(BYTEBOUND_DEFAULT_POLICY_JSON) as Policy) : defaultPolicy();
}

export async function activePolicy(file: string | undefined): Promise<ActivePolicy> {
  const name = file ? path.basename(file) : 'the built-in default policy';
  try {
    let policy: Policy;
    if (!file) policy = builtInPolicy();
    else {
      const text = fs.readFileSync(file, 'utf8');
      // Loaded only when a policy file is given: the default path does not pay for the parser.
      const format = await import('@bytebound/compiler/bytebound-format');
      policy = file.endsWith('.json') ? format.policyFromJson(text) : format.parsePolicy(text);
    }
    // One decision per process: the reference evaluator answers it in well under a millisecond,
    // where building the engine's per-opcode tables would cost more than the decision itself.
    return { ok: true, policy, decide: (request) => referenceDecide(policy, request), name };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message.split('\n')[0]! : String(error), name };
  }
}

/** The hook's own files: its home, and its installation (the bundle's folder; packages/cli/dist when run from source). */
function hookOwnFiles(): OwnFiles | undefined {
  try {
    const here = path.dirname(fileURLToPath(import.meta.url));
    return ownFiles(byteboundHome(), path.basename(here) === 'commands' ? path.resolve(here, '../../dist') : here);
  } catch {
    return undefined; // no home: recording the decision fails below, and the call is blocked
  }
}

function readStdin(): string | null {
  const chunks: Buffer[] = [];
  let total = 0;
  const buffer = Buffer.alloc(65536);
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue;
      if (code === 'EOF') break;
      throw error;
    }
    if (n === 0) break;
    total += n;
    if (total > MAX_HOOK_INPUT_BYTES) return null;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function exportLog(args: string[]): number {
  const at = args.indexOf('--out');
  const out = at >= 0 ? args[at + 1] : undefined;
  try {
    const home = byteboundHome();
    const text = `${JSON.stringify(exportAuditLog(home, localSigningKey(home)), null, 2)}\n`;
    if (out) fs.writeFileSync(out, text);
    else process.stdout.write(text);
    return 0;
  } catch (error) {
    process.stderr.write(`bytebound hook export-log: ${(error as Error).message}\n`);
    return 1;
  }
}

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  if (args[0] === 'export-log') return exportLog(args.slice(1));
  let policyFile: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--policy' || a.startsWith('--policy=')) {
      policyFile = a === '--policy' ? args[++i] : a.slice('--policy='.length);
      if (!policyFile) {
        process.stderr.write('Bytebound blocked this action (fail secure): --policy needs a policy file (.bb or .json).\n');
        return 2;
      }
    } else {
      // An unusable command line must still block (fail secure), never pass silently.
      process.stderr.write(`Bytebound blocked this action (fail secure): unknown option ${a} for bytebound hook.\n`);
      return 2;
    }
  }
  const raw = readStdin();
  const active = await activePolicy(policyFile);
  const outcome = handleHookEvent(raw, active, hookOwnFiles());
  let exitCode = outcome.exitCode;
  let stderr = outcome.stderr;
  try {
    const home = byteboundHome();
    if (outcome.decision) appendDecision(home, localSigningKey(home), outcome.decision);
    if (outcome.logLine) appendHookLogLine(home, outcome.logLine);
  } catch (error) {
    const event = outcome.decision?.context.event ?? '';
    if (event === 'PreToolUse' || event === 'UserPromptSubmit') {
      exitCode = 2;
      stderr += `Bytebound blocked this action (fail secure): the decision could not be recorded in the audit log: ${(error as Error).message}\n`;
    }
  }
  if (outcome.stdout) process.stdout.write(outcome.stdout);
  if (stderr) process.stderr.write(stderr);
  return exitCode;
}
