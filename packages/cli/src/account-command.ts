// The operator commands on accounts (`operators`, `contracts`): `<subcommand> <arguments> [--json]`,
// read alike, then run on the server's database, every failure said in one line (exit code 1).
import { escapeInvisible } from '@bytebound/compiler/visible-text';
import type { Database } from '@bytebound/server/db/database';
import { withServerDatabase } from './server-database.ts';

export type AccountCommand<S extends string> = {
  name: string;
  help: string;
  /** Each subcommand and what its arguments are, in order, as a usage error names a missing one. */
  subcommands: Record<S, readonly string[]>;
};

export type Invocation<S extends string> = { sub: S; args: string[]; json: boolean };

/** Reads the command line; answers the exit code instead once it has printed the help or a usage error. */
export function readCommandLine<S extends string>(command: AccountCommand<S>, argv: string[]): Invocation<S> | number {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h') {
    process.stdout.write(command.help);
    return 0;
  }
  if (sub === undefined || !Object.hasOwn(command.subcommands, sub)) {
    process.stderr.write(`bytebound ${command.name}: ${sub ? `unknown subcommand '${sub}'` : 'which subcommand?'}\n\n${command.help}`);
    return 1;
  }
  const expected = command.subcommands[sub as S];
  const json = rest.includes('--json');
  const args = rest.filter((a) => a !== '--json');
  const unknown = args.find((a) => a.startsWith('--'));
  if (unknown) return usageError(command, sub, `unknown option '${unknown}'`);
  if (args.length < expected.length) return usageError(command, sub, `missing the ${expected[args.length]}`);
  if (args.length > expected.length) return usageError(command, sub, `unexpected argument '${args[expected.length]}'`);
  return { sub: sub as S, args, json };
}

export function usageError(command: Pick<AccountCommand<string>, 'name'>, sub: string, message: string): number {
  process.stderr.write(`bytebound ${command.name} ${sub}: ${message}\n(bytebound ${command.name} --help shows the options)\n`);
  return 1;
}

/** Runs `work` on the server's database; a failure is said in one line and exits 1. */
export async function onServerDatabase(command: Pick<AccountCommand<string>, 'name'>, sub: string, work: (db: Database) => Promise<number>): Promise<number> {
  try {
    return await withServerDatabase(work);
  } catch (error) {
    process.stderr.write(`bytebound ${command.name} ${sub}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/** Prints a list as JSON, or one line per item (stored text escaped where it cannot be seen), or what an empty list means. */
export function printList<T>(items: T[], json: boolean, line: (item: T) => string, empty: string): void {
  if (json) process.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
  else process.stdout.write(items.length === 0 ? empty : `${items.map((item) => escapeInvisible(line(item))).join('\n')}\n`);
}
