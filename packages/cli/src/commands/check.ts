// `bytebound check --policy p.bb --request r.json|-`: decides one request against a .bb policy and
// prints the decision as JSON. Exit 0 allow, 2 block — and 2 on any error (missing file, bad JSON,
// a policy that does not parse or whose digest does not match): the check fails secure.
import fs from 'node:fs';
import { parsePolicy } from '@bytebound/compiler/bytebound-format';
import type { Decision } from '@bytebound/compiler/policy-model';
import { completeRequest } from '@bytebound/compiler/request';
import { decide, failSecure } from '@bytebound/engine/decide';
import { loadPolicy } from '@bytebound/engine/loaded-policy';

export const summary = 'decide a request against a policy: exit 0 allow, 2 block';

const HELP = `Usage: bytebound check --policy <policy.bb> --request <request.json | ->

Decides the request (JSON: action, timing, target, attributes) against the bytebound policy and
prints the decision as JSON. Exit code 0: allow. Exit code 2: block, or any error (fail secure).
`;

type Options = { policy: string; request: string };

function parseArgs(args: string[]): Options | string {
  const options: Partial<Options> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag !== '--policy' && flag !== '--request') return `unknown option '${arg}'`;
    const value = inline ?? args[++i];
    if (value === undefined || value === '') return `${flag} needs a value`;
    options[flag === '--policy' ? 'policy' : 'request'] = value;
  }
  if (!options.policy) return 'missing --policy <policy.bb>';
  if (!options.request) return 'missing --request <request.json | ->';
  return options as Options;
}

function readInput(file: string, what: string): string {
  try {
    return file === '-' ? fs.readFileSync(0, 'utf8') : fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `${what} file not found: ${file}` : `cannot read the ${what} ${file}: ${(error as Error).message}`);
  }
}

export type CheckResult = { decision: Decision; error: string | null };

const failed = (error: string): CheckResult => ({ decision: failSecure(error), error });

/** Decides; every failure becomes a DENY whose reason says what went wrong. */
export function check(options: Options): CheckResult {
  let policyText: string;
  let requestText: string;
  try {
    policyText = readInput(options.policy, 'policy');
    requestText = readInput(options.request, 'request');
  } catch (error) {
    return failed((error as Error).message);
  }
  let policy;
  try {
    policy = parsePolicy(policyText);
  } catch (error) {
    return failed(`the policy does not load: ${(error as Error).message}`);
  }
  let input: unknown;
  try {
    input = JSON.parse(requestText);
  } catch (error) {
    return failed(`malformed request: not valid JSON (${(error as Error).message})`);
  }
  const completed = completeRequest(input);
  if (!completed.ok) return failed(completed.error);
  return { decision: decide(loadPolicy(policy), completed.request), error: null };
}

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  const options = parseArgs(args);
  const { decision, error } = typeof options === 'string' ? failed(`usage: ${options}`) : check(options);
  process.stdout.write(`${JSON.stringify(decision, null, 2)}\n`);
  if (error !== null) {
    process.stderr.write(`bytebound check: DENY: ${error}\n`);
    if (typeof options === 'string') process.stderr.write(`\n${HELP}`);
  }
  return decision.exitCode;
}
