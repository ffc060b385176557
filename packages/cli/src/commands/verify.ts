// `bytebound verify <file> --keys <JWK set file or URL>`: checks a proof bundle, an inclusion
// proof, a consistency proof or a whole exported audit log offline. Exit 0 valid, 1 not.
import fs from 'node:fs';
import type { Checkpoint } from '@bytebound/engine/checkpoint';
import { type KeyRing, keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { verifyFile } from '@bytebound/engine/verify';

export const summary = 'verify a proof bundle, an inclusion proof or an exported audit log';

const HELP = `Usage: bytebound verify <file> --keys <jwks.json | https://host/api/v1/keys> [--since <checkpoint.json>] [--json]

Verifies, with public keys only, one of:
  a proof bundle ({decision, envelope}) or a bare DSSE envelope,
  an inclusion proof (GET /api/v1/audit/proof/:id),
  a consistency proof (GET /api/v1/audit/consistency),
  an exported audit log (GET /api/v1/audit/export).
<file> may be - for standard input. --since takes a checkpoint you saved earlier
(GET /api/v1/audit/checkpoint): an export must contain that very tree, so history was
neither rewritten nor truncated since. Exit code 0: valid; 1: not valid or unreadable.
`;

async function readKeys(source: string): Promise<KeyRing> {
  let text: string;
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    text = await response.text();
  } else {
    text = fs.readFileSync(source, 'utf8');
  }
  let jwks: unknown;
  try {
    jwks = JSON.parse(text);
  } catch {
    throw new Error(`${source} is not JSON`);
  }
  return keyRingFromJwks(jwks);
}

export async function run(args: string[]): Promise<number> {
  let file: string | undefined;
  let keys: string | undefined;
  let json = false;
  let since: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--help' || a === '-h') {
      process.stdout.write(HELP);
      return 0;
    } else if (a === '--keys') keys = args[++i];
    else if (a.startsWith('--keys=')) keys = a.slice('--keys='.length);
    else if (a === '--since') since = args[++i];
    else if (a.startsWith('--since=')) since = a.slice('--since='.length);
    else if (a === '--json') json = true;
    else if (a.startsWith('--')) {
      process.stderr.write(`bytebound verify: unknown option ${a}\n\n${HELP}`);
      return 1;
    } else if (file === undefined) file = a;
    else {
      process.stderr.write(`bytebound verify: one file at a time (got ${file} and ${a})\n`);
      return 1;
    }
  }
  if (!file || !keys) {
    process.stderr.write(`bytebound verify: ${file ? '--keys <JWK set file or URL> is required' : 'which file?'}\n\n${HELP}`);
    return 1;
  }
  let value: unknown;
  let ring: KeyRing;
  let trustedCheckpoints: Checkpoint[] = [];
  try {
    const text = file === '-' ? fs.readFileSync(0, 'utf8') : fs.readFileSync(file, 'utf8');
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error(`${file} is not JSON`);
    }
    ring = await readKeys(keys);
    if (since) {
      try {
        trustedCheckpoints = [JSON.parse(fs.readFileSync(since, 'utf8')) as Checkpoint];
      } catch (error) {
        throw new Error(`--since ${since}: ${error instanceof SyntaxError ? 'not JSON' : (error as Error).message}`);
      }
    }
  } catch (error) {
    process.stderr.write(`bytebound verify: ${(error as Error).message}\n`);
    return 1;
  }
  const result = verifyFile(value, ring, { trustedCheckpoints });
  if (json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else if (result.ok) {
    process.stdout.write(`VALID ${result.kind}: ${file}\n${result.passed.map((p) => `  ok  ${p}\n`).join('')}`);
  } else {
    const lines = result.failures.map((f) => `  FAIL ${f.check}${f.entry ? ` [${f.entry}]` : ''}: ${f.message}\n`);
    process.stdout.write(`INVALID ${result.kind}: ${file}\n${lines.join('')}`);
  }
  return result.ok ? 0 : 1;
}
