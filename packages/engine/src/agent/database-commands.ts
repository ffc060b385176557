// What a database client or dump on the command line does, from its words and the SQL it is given:
// where it connects, what its SQL does (read, write, delete), the database file sqlite3 opens, and
// the files it writes what it reads into (`psql -o out.csv`, `\copy ... to 'out.csv'`, `pg_dump -f
// db.sql`, sqlite3's `.output`). classify.ts reads the files and judges what is sent.
import type { Action } from '@bytebound/compiler/policy-model';
import { optionAndValue } from './bash.ts';
import { hostOf } from './destinations.ts';

/** Database clients: they query, write or delete on a database. */
export const DATABASES = new Set(['psql', 'mysql', 'mariadb', 'sqlite3', 'duckdb', 'mongosh', 'mongo', 'redis-cli', 'clickhouse-client', 'cqlsh']);
/** Programs that dump or export a database: what they write is what it holds. */
export const DATABASE_DUMPS = new Set(['pg_dump', 'pg_dumpall', 'mysqldump', 'mariadb-dump', 'mongodump', 'mongoexport']);
/** Each database client's and dump's options that name a file it writes what it reads into (`psql -o out.csv`, `pg_dump -f db.sql`). */
const DATABASE_OUTPUT_OPTIONS: Record<string, ReadonlySet<string>> = {
  psql: new Set(['-o', '--output', '-L', '--log-file']),
  pg_dump: new Set(['-f', '--file']),
  pg_dumpall: new Set(['-f', '--file']),
  mysqldump: new Set(['-r', '--result-file']),
  'mariadb-dump': new Set(['-r', '--result-file']),
  mongodump: new Set(['-o', '--out']),
  mongoexport: new Set(['-o', '--out']),
  mysql: new Set(['--tee']),
  mariadb: new Set(['--tee']),
};
/** A file the SQL or dot-commands given to a client write into: psql's `\copy ... to 'file'` and `\o file`, sqlite3's `.output file`, `.once file`, `.backup file` and `.save file`. */
const FILE_IN_SQL = /\\copy\b[^\n]*?\bto\s+'([^']+)'|\\o\s+(\S+)|^\s*\.(?:output|once)\s+(\S+)|^\s*\.(?:backup|save)\s+(?:\S+\s+)?(\S+)\s*$/gim;
/** sqlite3's and duckdb's options that take the next word as a value (duckdb's SQL in `-c` and `-s`). */
const SQLITE_VALUE_OPTIONS = new Set(['-cmd', '-separator', '-newline', '-nullvalue', '-init', '-vfs', '-mmap', '-maxsize', '-escape', '-c', '-s']);

/** Where a database client connects (`-h host`, `--host=host`, a `postgres://` URL; '' for a local one) and the SQL its words give. */
export function databaseCall(program: string, args: readonly string[]): { host: string; sql: string[] } {
  let host = '';
  const sql: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '-h' || a === '--host') host = args[++k] ?? '';
    else if (a.startsWith('--host=')) host = a.slice(7);
    else if (a === '-c' || a === '--command' || a === '-e' || a === '--execute' || a === '--eval') sql.push(args[++k] ?? '');
    else if (/^(postgres(ql)?|mysql|mongodb(\+srv)?|redis):\/\//.test(a)) host = hostOf(a) ?? host;
    else if ((program === 'sqlite3' || program === 'duckdb') && !a.startsWith('-') && k >= 1) sql.push(a);
  }
  return { host, sql };
}

/** What SQL (or a document database's calls) does: delete, modify, or read. */
export function sqlAction(text: string): Action {
  if (/\b(?:DELETE\s+FROM|DROP\s+(?:TABLE|DATABASE|SCHEMA)|TRUNCATE)\b/i.test(text)) return 'delete';
  if (/\b(?:INSERT\s+INTO|UPDATE\s+\w+\s+SET|ALTER\s+TABLE|CREATE\s+TABLE|UPSERT|MERGE\s+INTO|\.(?:insert|update|delete)(?:One|Many)\()/i.test(text)) return 'modify';
  return 'read';
}

/** The database file sqlite3 or duckdb opens (its first operand), or null (in memory). */
export function sqliteFile(args: readonly string[]): string | null {
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a.startsWith('-')) {
      if (SQLITE_VALUE_OPTIONS.has(a)) k++;
    } else return a === ':memory:' ? null : a;
  }
  return null;
}

/** The files a database client or dump writes what it reads into: those its output options name, and those the SQL it is given (`sql`) names. */
export function databaseOutputFiles(program: string, args: readonly string[], sql: string): string[] {
  const options = DATABASE_OUTPUT_OPTIONS[program];
  const files: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    if (options?.has(option)) {
      const file = inline ?? args[++k];
      if (file !== undefined) files.push(file);
    }
  }
  for (const m of sql.matchAll(FILE_IN_SQL)) files.push((m[1] ?? m[2] ?? m[3] ?? m[4])!);
  return files;
}
