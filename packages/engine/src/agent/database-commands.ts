// What a database client or dump on the command line does, from its words and the SQL it is given:
// where it connects, what its SQL does (read, write, delete), the database file sqlite3 opens, and
// the files it writes what it reads into (`psql -o out.csv`, `\copy ... to 'out.csv'`, `pg_dump -f
// db.sql`, sqlite3's `.output`). classify.ts reads the files and judges what is sent.
import type { Action } from '@bytebound/compiler/policy-model';
import { optionAndValue } from './bash.ts';
import { hostOf } from './destinations.ts';

/** Programs that load files into a database: they write on it what they are given. */
const DATABASE_LOADS = new Set(['mongoimport', 'mysqlimport', 'mariadb-import', 'pg_restore']);
/** Database clients and loaders: they query, write or delete on a database. */
export const DATABASES = new Set(['psql', 'mysql', 'mariadb', 'sqlite3', 'duckdb', 'mongosh', 'mongo', 'redis-cli', 'clickhouse-client', 'cqlsh', ...DATABASE_LOADS]);
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
/** Each client's and loader's options that name a file it reads and sends to its database (`psql -f seed.sql`, `mongoimport --file c.json`). */
const DATABASE_INPUT_OPTIONS: Record<string, ReadonlySet<string>> = {
  psql: new Set(['-f', '--file']),
  mongosh: new Set(['-f', '--file']),
  cqlsh: new Set(['-f', '--file']),
  'clickhouse-client': new Set(['--queries-file']),
  mongoimport: new Set(['--file']),
};
/** A file the SQL given to a client reads and sends: psql's `\copy table from 'file'` and `\i file`, MySQL's `LOAD DATA LOCAL INFILE 'file'` and `source file`. */
const FILE_READ_IN_SQL =
  /\\copy\s+[\w."]+(?:\s*\([^)]*\))?\s+from\s+(?:'([^']+)'|(?!(?:stdin|pstdin|program)\b)([^\s;]+))|\\ir?\s+(\S+)|\bLOAD\s+DATA\s+LOCAL\s+INFILE\s+(?:'([^']+)'|"([^"]+)")|^\s*(?:source|\\\.)\s+([^\s;]+)/gim;
/** Loaders' options that take the next word as a value; their other words are the files they load (after mysqlimport's database). */
const LOAD_VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  mongoimport: new Set(['-h', '--host', '--port', '-u', '--username', '-p', '--password', '-d', '--db', '-c', '--collection', '--type', '--uri', '-f', '--fields', '--fieldFile', '--file', '--mode', '-j', '--numInsertionWorkers', '--authenticationDatabase']),
  mysqlimport: new Set(['-h', '--host', '-u', '--user', '-P', '--port', '-S', '--socket']),
  'mariadb-import': new Set(['-h', '--host', '-u', '--user', '-P', '--port', '-S', '--socket']),
  pg_restore: new Set(['-h', '--host', '-p', '--port', '-U', '--username', '-d', '--dbname', '-f', '--file', '-F', '--format', '-j', '--jobs', '-n', '--schema', '-N', '-t', '--table', '-T', '--trigger', '-I', '--index', '-P', '--function', '-L', '--use-list', '-S', '--superuser', '--role']),
};
/** sqlite3's and duckdb's options that take the next word as a value (duckdb's SQL in `-c` and `-s`). */
const SQLITE_VALUE_OPTIONS = new Set(['-cmd', '-separator', '-newline', '-nullvalue', '-init', '-vfs', '-mmap', '-maxsize', '-escape', '-c', '-s']);

/** The environment variables that name a client's server when its words do not (`PGHOST=db.acme.io psql ...`). */
const HOST_VARIABLES: Record<string, string> = { psql: 'PGHOST', pg_dump: 'PGHOST', pg_restore: 'PGHOST', mysql: 'MYSQL_HOST', mariadb: 'MYSQL_HOST', mysqlimport: 'MYSQL_HOST' };

/**
 * Where a database client connects (`-h host`, `-hhost`, `--host=host`, a `postgres://` URL, a
 * `host=` connection string, or the environment's `PGHOST`; '' for a local one) and the SQL its words give.
 */
export function databaseCall(program: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): { host: string; sql: string[] } {
  let host = HOST_VARIABLES[program] ? (env[HOST_VARIABLES[program]!] ?? '') : '';
  const sql: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '-h' || a === '--host') host = serverOf(args[++k] ?? '');
    else if (a.startsWith('--host=')) host = serverOf(a.slice(7));
    else if (/^-h[A-Za-z0-9[]/.test(a) && program !== 'redis-cli') host = serverOf(a.slice(2));
    else if (/(?:^|\s)host=\S/.test(a) && !a.startsWith('-')) host = /(?:^|\s)host=([^\s'"]+)/.exec(a)![1]!;
    else if (a === '--uri' || a === '--url') host = hostOf(args[++k] ?? '') ?? host;
    else if (a.startsWith('--uri=') || a.startsWith('--url=')) host = hostOf(a.slice(6)) ?? host;
    else if (!DATABASE_LOADS.has(program) && (a === '-c' || a === '--command' || a === '-e' || a === '--execute' || a === '--eval')) sql.push(args[++k] ?? '');
    else if (/^(postgres(ql)?|mysql|mongodb(\+srv)?|redis):\/\//.test(a)) host = hostOf(a) ?? host;
    else if ((program === 'sqlite3' || program === 'duckdb') && !a.startsWith('-') && k >= 1) sql.push(a);
  }
  return { host, sql };
}

/** A `--host` value's first server, without a replica set's name or a port (`rs0/db1.acme.io:27017,db2...`). */
const serverOf = (value: string) => value.replace(/^[^/]*\//, '').split(',')[0]!.replace(/:\d+$/, '');

/** What SQL (or a document database's calls) does: delete, modify, or read. */
export function sqlAction(text: string): Action {
  if (/\b(?:DELETE\s+FROM|DROP\s+(?:TABLE|DATABASE|SCHEMA)|TRUNCATE)\b/i.test(text)) return 'delete';
  if (/\b(?:INSERT\s+INTO|UPDATE\s+\w+\s+SET|ALTER\s+TABLE|CREATE\s+TABLE|UPSERT|MERGE\s+INTO|LOAD\s+DATA|COPY\s+[\w."]+(?:\s*\([^)]*\))?\s+FROM|\.(?:insert|update|delete)(?:One|Many)\()/i.test(text)) return 'modify';
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
  const files = wordsOf(args, DATABASE_OUTPUT_OPTIONS[program]).files;
  for (const m of sql.matchAll(FILE_IN_SQL)) files.push((m[1] ?? m[2] ?? m[3] ?? m[4])!);
  return files;
}

/**
 * The files a database client or loader reads and sends to its database: those its input options
 * name (`psql -f seed.sql`), those the SQL it is given (`sql`) reads (`\copy t from 'c.csv'`,
 * `LOAD DATA LOCAL INFILE`), and a loader's operands (`mongoimport c.json`, `pg_restore db.dump`).
 */
export function databaseInputFiles(program: string, args: readonly string[], sql: string): string[] {
  const values = LOAD_VALUE_OPTIONS[program];
  const { files, operands } = wordsOf(args, DATABASE_INPUT_OPTIONS[program], values);
  if (values) files.push(...operands.slice(program === 'pg_restore' || program === 'mongoimport' ? 0 : 1));
  files.push(...filesReadInSql(sql));
  return files;
}

/** The files SQL given to a client reads and sends (`\copy t from 'c.csv'`, `\i seed.sql`, `LOAD DATA LOCAL INFILE`, `source`): also looked for in the files a client is given (`psql -f load.sql`). */
export function filesReadInSql(sql: string): string[] {
  const files: string[] = [];
  for (const m of sql.matchAll(FILE_READ_IN_SQL)) files.push((m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6])!);
  return files;
}

/** The files a command's file options name (`-f seed.sql`, `--file=more.sql`), and its words that are neither options nor their values. */
function wordsOf(args: readonly string[], fileOptions?: ReadonlySet<string>, valueOptions?: ReadonlySet<string>): { files: string[]; operands: string[] } {
  const files: string[] = [];
  const operands: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    if (fileOptions?.has(option)) {
      const file = inline ?? args[++k];
      if (file !== undefined) files.push(file);
    } else if (valueOptions?.has(option) && inline === undefined) k++;
    else if (!option.startsWith('-')) operands.push(option);
  }
  return { files, operands };
}

/** Whether a program loads files into a database (`mongoimport`, `pg_restore`): it writes on it. */
export const loadsDatabase = (program: string) => DATABASE_LOADS.has(program);
