// What the command lines of hosted database services send to the database they keep: `heroku
// pg:psql`, `fly postgres connect` and `railway connect` open psql on the service's database, so
// they are read as psql connected there (what they are given, `< seed.sql`, `-c`, `-f`); `supabase
// db push` and `supabase db reset --linked` run the project's migrations, and its seed files, on the
// linked project's database. classify.ts gives the reader that reads those files as what is sent.
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { lastValue, wordsOf } from './option-words.ts';
import type { FolderReader } from './published-packages.ts';

/**
 * The databases the services keep, named as destinations: where the line does not say which host
 * (`heroku pg:psql` asks Heroku's API for it when it runs), the service's database.
 */
export const HOSTED_DATABASES = { heroku: 'heroku:postgres', fly: 'fly:postgres', railway: 'railway:database', supabase: 'supabase.co' } as const;

/** The programs whose commands may open psql on a service's database. */
const HOSTED_CLIENTS = new Set(['heroku', 'fly', 'flyctl', 'railway']);
/** heroku pg:psql's options that take the next word as a value, and of those the ones psql takes the same way. */
const HEROKU_VALUE_OPTIONS = new Set(['-a', '--app', '-r', '--remote', '-c', '--command', '-f', '--file', '--credential']);
const PSQL_OPTIONS = new Set(['-c', '--command', '-f', '--file']);

/**
 * A hosted database service's command that opens psql on its database, as the psql command line it
 * runs: `heroku pg:psql [DATABASE] -a app -c SQL -f file` (its `-c` and `-f` kept), `fly postgres
 * connect` (`fly pg connect`, `flyctl`), `railway connect [service]`; psql's host the service's
 * database (HOSTED_DATABASES). Null for any other command.
 */
export function hostedDatabaseClient(argv: readonly string[]): string[] | null {
  // Every command the line runs is asked: most are none of these programs.
  const program = path.basename(argv[0] ?? '');
  if (!HOSTED_CLIENTS.has(program)) return null;
  const args = argv.slice(1);
  const command = args.find((a) => !a.startsWith('-'));
  // Its `-c` and `-f` are psql's; its other options (`-a app`) are not.
  if (program === 'heroku' && command === 'pg:psql') return ['psql', '-h', HOSTED_DATABASES.heroku, ...wordsOf(args, HEROKU_VALUE_OPTIONS).options.filter(([option]) => PSQL_OPTIONS.has(option)).flat()];
  if ((program === 'fly' || program === 'flyctl') && (command === 'postgres' || command === 'pg') && args[args.indexOf(command) + 1] === 'connect') return ['psql', '-h', HOSTED_DATABASES.fly];
  if (program === 'railway' && command === 'connect') return ['psql', '-h', HOSTED_DATABASES.railway];
  return null;
}

/** The Supabase CLI's options that take the next word as a value, for `db push` and `db reset`. */
const SUPABASE_VALUE_OPTIONS = new Set(['--db-url', '--workdir', '--password', '-p', '--version', '--last', '--profile', '--project-ref', '-o', '--output']);

/** What one Supabase command line sends to a database: the SQL files' text, the database's host, and the call in words. */
export type SupabaseRun = { text: string; host: string; summary: string };

/**
 * `supabase db push` and `supabase db reset --linked` (or `--db-url`): to the linked project's
 * database (`db.<ref>.supabase.co`, the ref in supabase/.temp/project-ref, else supabase.co) or the
 * `--db-url` host, the migrations (supabase/migrations) and, with push's `--include-seed` or reset's
 * default (not `--no-seed`), the seed files config.toml's `[db.seed]` `sql_paths` name (else
 * supabase/seed.sql). Null for a reset of the local database, a `--dry-run`, and Supabase's other commands.
 */
export function supabaseRun(args: readonly string[], cwd: string, read: FolderReader): SupabaseRun | null {
  const words = wordsOf(args, SUPABASE_VALUE_OPTIONS);
  const [group, command] = words.operands;
  const flags = words.flags;
  if (group !== 'db' || (command !== 'push' && command !== 'reset') || flags.has('--dry-run')) return null;
  const url = lastValue(words, '--db-url');
  if (command === 'reset' && url === undefined && !flags.has('--linked')) return null;
  const project = path.join(path.resolve(cwd, lastValue(words, '--workdir') ?? '.'), 'supabase');
  const seeded = command === 'push' ? flags.has('--include-seed') : !flags.has('--no-seed');
  const texts = [read('migrations', project, () => false), seeded ? seedFiles(read('config.toml', project)).map((file) => read(file, project)).join('\n') : ''];
  const ref = lastValue(words, '--project-ref') ?? read(path.join('.temp', 'project-ref'), project).trim();
  const host = url !== undefined ? (hostOf(url) ?? HOSTED_DATABASES.supabase) : /^[a-z0-9]{1,64}$/.test(ref) ? `db.${ref}.supabase.co` : HOSTED_DATABASES.supabase;
  return { text: texts.join('\n'), host, summary: `supabase db ${command} to ${host}` };
}

/** The seed files a Supabase config.toml's `[db.seed]` names in `sql_paths` (one line: `sql_paths = ["./seed.sql", "./seeds/*.sql"]`), else seed.sql. */
function seedFiles(config: string): string[] {
  let section = '';
  for (const line of config.split('\n')) {
    const header = /^\s*\[([^\]]{1,200})\]/.exec(line);
    if (header) section = header[1]!.trim();
    else if (section === 'db.seed' && /^\s*sql_paths\s*=/.test(line)) return [...line.matchAll(/"([^"\n]{1,4096})"|'([^'\n]{1,4096})'/g)].map((m) => (m[1] ?? m[2])!);
  }
  return ['seed.sql'];
}
