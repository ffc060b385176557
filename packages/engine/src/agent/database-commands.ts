// What a database client or dump on the command line does, from its words and the SQL it is given:
// where it connects, what its SQL does (read, write, delete), the database file sqlite3 opens, and
// the files it writes what it reads into (`psql -o out.csv`, `\copy ... to 'out.csv'`, `pg_dump -f
// db.sql`, sqlite3's `.output`), and the files it reads and sends (`psql -f seed.sql`, `bq load t
// c.csv`, `bcp t in c.csv`). classify.ts reads the files and judges what is sent.
import type { Action } from '@bytebound/compiler/policy-model';
import { optionAndValue } from './bash.ts';
import { hostOf } from './destinations.ts';

/** Programs that load files into a database: they write on it what they are given. */
const DATABASE_LOADS = new Set(['mongoimport', 'mysqlimport', 'mariadb-import', 'pg_restore', 'pgloader']);
/** Database clients and loaders: they query, write or delete on a database. */
export const DATABASES = new Set(['psql', 'mysql', 'mariadb', 'sqlite3', 'duckdb', 'mongosh', 'mongo', 'redis-cli', 'clickhouse-client', 'cqlsh', 'sqlcmd', 'bcp', 'bq', 'snowsql', ...DATABASE_LOADS]);
/** The words that make a client load what it is given into its database: `bq load` and `bq insert`, `bcp ... in` (its `out` and `queryout` receive). */
const LOAD_WORDS: Record<string, { at: number; words: ReadonlySet<string> }> = {
  bq: { at: 0, words: new Set(['load', 'insert']) },
  bcp: { at: 1, words: new Set(['in']) },
};
/** Clients of a cloud service, which is where they always connect (`bq` to BigQuery's API). */
const SERVICE_HOSTS: Record<string, string> = { bq: 'bigquery.googleapis.com' };
/** The option that names a client's server where it is not `-h` (SQL Server's `-S tcp:host,1433`): there `-h` means something else. */
const SERVER_OPTIONS: Record<string, string> = { sqlcmd: '-S', bcp: '-S' };
/** The options that give a client its SQL or script (`psql -c`, `mysql -e`, `mongosh --eval`); loaders have none. */
const SQL_OPTIONS = new Set(['-c', '--command', '-e', '--execute', '--eval']);
/** Clients whose SQL options are others than SQL_OPTIONS (sqlcmd's `-Q`; bcp's `-c` and `-e` are a format and an error file). */
const OWN_SQL_OPTIONS: Record<string, ReadonlySet<string>> = { sqlcmd: new Set(['-Q', '-q']), bcp: new Set(), bq: new Set(), snowsql: new Set(['-q', '--query']) };
/**
 * Clients whose first word (not an option or its value) names their server: cqlsh's host (`cqlsh
 * db.acme.io 9042`), and mongosh's address when it has a host (`mongosh db.acme.io:27017/crm`; a
 * bare `crm` is a database on this machine).
 */
const POSITIONAL_HOSTS: Record<string, (word: string) => string> = {
  cqlsh: (word) => word,
  mongosh: (word) => mongoAddressHost(word),
  mongo: (word) => mongoAddressHost(word),
};
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
  sqlcmd: new Set(['-i']),
  snowsql: new Set(['-f', '--filename']),
  pgloader: new Set(['--before', '--after']),
};
/** Clients whose file options take a comma list (`sqlcmd -i schema.sql,seed.sql`). */
const COMMA_LISTS = new Set(['sqlcmd']);
/** A file the SQL given to a client reads and sends: psql's `\copy table from 'file'` and `\i file`, MySQL's `LOAD DATA LOCAL INFILE 'file'` and `source file`, sqlcmd's `:r file` (a line's own indentation before them, not the lines above: `^\s*` would rescan every blank line from each). */
const FILE_READ_IN_SQL =
  /\\copy\s+[\w."]+(?:\s*\([^()]{0,1000}\))?\s+from\s+(?:'([^']{1,4096})'|(?!(?:stdin|pstdin|program)\b)([^\s;]+))|\\ir?\s+(\S+)|\bLOAD\s+DATA\s+LOCAL\s+INFILE\s+(?:'([^']{1,4096})'|"([^"]{1,4096})")|^[ \t]*(?:source|\\\.)\s+([^\s;]+)|^[ \t]*:r\s+(?:"([^"]{1,4096})"|(\S+))/gim;
/** How many files the SQL given to a client is looked at for (each is a look at the disk). */
const MAX_FILES_READ_IN_SQL = 64;
/**
 * The files a client itself reads where a server would read its own (a server's `COPY t FROM
 * '/data/c.csv'` reads the server's file): cqlsh's `COPY table FROM 'file'` (a comma list), a
 * pgloader command file's `FROM 'file'` or `FROM csv:///path`, and the files the embedded databases
 * load (sqlite3's `.import`, DuckDB's `read_csv`).
 */
const CLIENT_FILE_READS: Record<string, RegExp> = {
  cqlsh: /\bCOPY\s+[\w."]+(?:\s*\([^()]{0,1000}\))?\s+FROM\s+'([^']{1,4096})'/gi,
  pgloader: /\bFROM\s+(?:'([^']{1,4096})'|(?!(?:inline|stdin|all)\b)([^\s'";,()]+))/gi,
  // Snowflake's `PUT file:///data/c.csv @stage` uploads a file of this machine to a stage.
  snowsql: /\bPUT\s+(?:'file:\/\/([^']{1,4096})'|file:\/\/([^\s'";]{1,4096}))/gi,
  // sqlite3's `.import [--csv] FILE TABLE` and `.read FILE`; DuckDB's `read_csv('c.csv')` (read_parquet, read_json, ...), `FROM 'c.csv'`, `COPY t FROM 'c.csv'`.
  sqlite3: /^[ \t]*\.(?:import\s+(?:(?:--?(?:csv|ascii|v)|--skip\s+\d+|--schema\s+\S+)\s+)*|read\s+)(?:'([^']{1,4096})'|([^\s'"|]\S*))/gim,
  duckdb: /\b(?:read_(?:csv(?:_auto)?|parquet|json(?:_auto)?|ndjson(?:_auto)?|xlsx)\s*\(\s*|FROM\s+)'([^']{1,4096})'/gi,
};
/** Loaders' and clients' options that take the next word as a value: their other words are their operands (SENT_OPERANDS, POSITIONAL_HOSTS). */
const VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  mongoimport: new Set(['-h', '--host', '--port', '-u', '--username', '-p', '--password', '-d', '--db', '-c', '--collection', '--type', '--uri', '-f', '--fields', '--fieldFile', '--file', '--mode', '-j', '--numInsertionWorkers', '--authenticationDatabase']),
  mysqlimport: new Set(['-h', '--host', '-u', '--user', '-P', '--port', '-S', '--socket']),
  'mariadb-import': new Set(['-h', '--host', '-u', '--user', '-P', '--port', '-S', '--socket']),
  pg_restore: new Set(['-h', '--host', '-p', '--port', '-U', '--username', '-d', '--dbname', '-f', '--file', '-F', '--format', '-j', '--jobs', '-n', '--schema', '-N', '-t', '--table', '-T', '--trigger', '-I', '--index', '-P', '--function', '-L', '--use-list', '-S', '--superuser', '--role']),
  pgloader: new Set(['-L', '--logfile', '-r', '--root-dir', '-l', '--load-lisp-file', '-C', '--context', '-S', '--summary', '--type', '--encoding', '--with', '--set', '--field', '--cast', '--before', '--after', '--dynamic-space-size']),
  bcp: new Set(['-S', '-U', '-P', '-d', '-t', '-r', '-f', '-e', '-F', '-L', '-b', '-a', '-h', '-i', '-o', '-m', '-C', '-K', '-V']),
  bq: new Set(['--location', '--project_id', '--dataset_id', '--format', '--source_format', '--schema', '-F', '--field_delimiter', '--skip_leading_rows', '--max_bad_records', '-E', '--encoding', '--null_marker', '--quote', '--template_suffix', '--destination_table', '--time_partitioning_field', '--time_partitioning_type', '--clustering_fields', '--parameter']),
  cqlsh: new Set(['-u', '--username', '-p', '--password', '-k', '--keyspace', '-f', '--file', '-e', '--execute', '--cqlshrc', '--cqlversion', '--protocol-version', '--encoding', '--connect-timeout', '--request-timeout']),
  mongosh: new Set(['-u', '--username', '-p', '--password', '--authenticationDatabase', '--authenticationMechanism', '--host', '--port', '-f', '--file', '--eval', '--tlsCAFile', '--tlsCertificateKeyFile', '--apiVersion']),
  mongo: new Set(['-u', '--username', '-p', '--password', '--authenticationDatabase', '--authenticationMechanism', '--host', '--port', '--eval']),
  'redis-cli': new Set(['-h', '-p', '-s', '-a', '--user', '--pass', '-u', '-r', '-i', '-n', '-d', '-D', '--cacert', '--cacertdir', '--cert', '--key', '--sni', '--tls-ciphers', '--tls-ciphersuites', '--eval', '--pattern', '--count', '--quoted-pattern', '--memkeys-samples', '--functions-rdb', '--rdb', '--replica']),
};
/**
 * The operands that name the files a loader or client sends: all of mongoimport's and pg_restore's,
 * mysqlimport's after its database, the data file of `bcp table in file`, the sources of `bq load
 * table a.csv,b.csv` and the file of `bq insert table rows.json`, pgloader's source before its
 * target URL (`csv:///path` names a file too), and the scripts mongosh runs (`mongosh host/crm seed.js`).
 */
const SENT_OPERANDS: Record<string, (words: string[]) => string[]> = {
  mongoimport: (words) => words,
  pg_restore: (words) => words,
  mysqlimport: (words) => words.slice(1),
  'mariadb-import': (words) => words.slice(1),
  bcp: ([, direction, file]) => (direction === 'in' && file !== undefined ? [file] : []),
  bq: ([command, , sources]) => ((command === 'load' || command === 'insert') && sources !== undefined ? sources.split(',') : []),
  pgloader: ([source, target]) => (source !== undefined && target?.includes('://') ? [pgloaderFile(source)] : []),
  mongosh: (words) => words.filter((word) => word.endsWith('.js')),
  mongo: (words) => words.filter((word) => word.endsWith('.js')),
};
/** sqlite3's and duckdb's options that take the next word as a value (duckdb's SQL in `-c` and `-s`). */
const SQLITE_VALUE_OPTIONS = new Set(['-cmd', '-separator', '-newline', '-nullvalue', '-init', '-vfs', '-mmap', '-maxsize', '-escape', '-c', '-s']);

/** The cloud stores a DuckDB query can write to, by its URL's scheme (`s3://bucket/key`): the service that receives it. An `https://` URL's own host receives it. */
const STORE_HOSTS: Record<string, string> = {
  s3: 's3.amazonaws.com',
  s3a: 's3.amazonaws.com',
  gs: 'storage.googleapis.com',
  gcs: 'storage.googleapis.com',
  az: 'blob.core.windows.net',
  azure: 'blob.core.windows.net',
  abfss: 'blob.core.windows.net',
  r2: 'r2.cloudflarestorage.com',
};

/** The environment variables that name a client's server when its words do not (`PGHOST=db.acme.io psql ...`). */
const HOST_VARIABLES: Record<string, string> = { psql: 'PGHOST', pg_dump: 'PGHOST', pg_restore: 'PGHOST', mysql: 'MYSQL_HOST', mariadb: 'MYSQL_HOST', mysqlimport: 'MYSQL_HOST', sqlcmd: 'SQLCMDSERVER' };

/**
 * Where a database client connects (`-h host`, `-hhost`, `--host=host`, a `postgres://` URL, a
 * `host=` connection string, sqlcmd's and bcp's `-S`, cqlsh's first word, the service `bq` calls, or
 * the environment's `PGHOST`; '' for a local one) and the SQL its words give (`bq query 'SELECT 1'`'s too).
 */
export function databaseCall(program: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): { host: string; sql: string[] } {
  let host = SERVICE_HOSTS[program] ?? (HOST_VARIABLES[program] ? (env[HOST_VARIABLES[program]!] ?? '') : '');
  const sql: string[] = [];
  const server = SERVER_OPTIONS[program];
  const sqlOptions = OWN_SQL_OPTIONS[program] ?? (DATABASE_LOADS.has(program) ? new Set() : SQL_OPTIONS);
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (server !== undefined && a.startsWith(server)) host = sqlServerOf(a === server ? (args[++k] ?? '') : a.slice(server.length));
    else if (program === 'snowsql' && (a === '-a' || a === '--accountname')) host = snowflakeHost(args[++k] ?? '');
    else if (program === 'snowsql' && a.startsWith('--accountname=')) host = snowflakeHost(a.slice(14));
    else if (server === undefined && (a === '-h' || a === '--host')) host = serverOf(args[++k] ?? '');
    else if (a.startsWith('--host=')) host = serverOf(a.slice(7));
    else if (server === undefined && /^-h[A-Za-z0-9[]/.test(a) && program !== 'redis-cli') host = serverOf(a.slice(2));
    else if (/(?:^|\s)host=\S/.test(a) && !a.startsWith('-')) host = /(?:^|\s)host=([^\s'"]+)/.exec(a)![1]!;
    else if (a === '--uri' || a === '--url') host = urlHost(args[++k] ?? '') ?? host;
    else if (a.startsWith('--uri=') || a.startsWith('--url=')) host = urlHost(a.slice(6)) ?? host;
    else if (sqlOptions.has(a)) sql.push(args[++k] ?? '');
    else if (/^(postgres(ql)?|pgsql|mysql|mongodb(\+srv)?|rediss?):\/\//.test(a)) host = urlHost(a) ?? host;
    else if ((program === 'sqlite3' || program === 'duckdb') && !a.startsWith('-') && k >= 1) sql.push(a);
  }
  // snowsql connects to its account's host (`-a`, SNOWSQL_ACCOUNT, or its config's).
  if (program === 'snowsql' && host === '') host = env.SNOWSQL_ACCOUNT ? snowflakeHost(env.SNOWSQL_ACCOUNT) : 'snowflakecomputing.com';
  const operands = wordsOf(args, undefined, VALUE_OPTIONS[program]).operands;
  if (program === 'bq' && operands[0] === 'query') for (const word of operands.slice(1)) sql.push(word);
  // `redis-cli -h cache.acme.io SET user:1 jane@...`: its words after its options are the command it sends.
  if (program === 'redis-cli' && operands.length > 0) sql.push(operands.join(' '));
  const first = operands[0];
  if (host === '' && POSITIONAL_HOSTS[program] && first !== undefined && !first.includes('://')) host = POSITIONAL_HOSTS[program](first);
  return { host, sql };
}

/** A Snowflake account's host (`xy12345.eu-west-1` -> `xy12345.eu-west-1.snowflakecomputing.com`). */
const snowflakeHost = (account: string) => `${account.toLowerCase().replace(/\.snowflakecomputing\.com$/, '')}.snowflakecomputing.com`;
/** A `--host` value's first server, without a replica set's name or a port (`rs0/db1.acme.io:27017,db2...`). */
const serverOf = (value: string) => value.replace(/^[^/]*\//, '').split(',')[0]!.replace(/:\d+$/, '');
/** A SQL Server's host, without its protocol, port or instance (`tcp:acme.database.windows.net,1433`, `db1\crm`); `.` and `(local)` are this machine. */
const sqlServerOf = (value: string) => {
  const host = value.replace(/^(?:tcp|np|lpc|admin):/i, '').split(/[,\\]/)[0]!;
  return host === '.' || /^\(local(?:db)?\)$/i.test(host) ? 'localhost' : host;
};
/** A URL's host; '' for one with none, which reaches this machine (`postgres:///crm`, `pgsql:///crm`). */
const urlHost = (url: string) => (/^[a-z][a-z0-9+.-]*:\/\/\//i.test(url) ? '' : hostOf(url));
/** The host of a MongoDB shell's address (`db.acme.io:27017/crm`); '' for a database's bare name or a script. */
const mongoAddressHost = (word: string) => (word.includes('/') && !word.endsWith('.js') ? word.split('/')[0]!.replace(/:\d+$/, '') : '');
/** The file a pgloader source names, also as a file source's URL (`csv:///data/c.csv`, `sqlite:///crm.db`); a database's URL is not one. */
const pgloaderFile = (word: string) => word.replace(/^(?:csv|fixed|copy|dbf|db3|ixf|sqlite):\/\//i, '');

/** What SQL (or a document database's calls) does: delete, modify, or read. */
export function sqlAction(text: string): Action {
  if (/\b(?:DELETE\s+FROM|DROP\s+(?:TABLE|DATABASE|SCHEMA)|TRUNCATE)\b/i.test(text)) return 'delete';
  if (/\b(?:INSERT\s+INTO|UPDATE\s+\w+\s+SET|ALTER\s+TABLE|CREATE\s+TABLE|UPSERT|MERGE\s+INTO|LOAD\s+DATA|COPY\s+[\w."]+(?:\s*\([^()]{0,1000}\))?\s+FROM|\.(?:insert|update|delete)(?:One|Many)\()/i.test(text)) return 'modify';
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
 * name (`psql -f seed.sql`, `sqlcmd -i a.sql,b.sql`), those the SQL it is given (`sql`) reads
 * (`\copy t from 'c.csv'`, `LOAD DATA LOCAL INFILE`), and the operands that name files
 * (`mongoimport c.json`, `bcp t in c.csv`, `bq load t c.csv`). A URL (`gs://bucket/c.csv`) is not a file here.
 */
export function databaseInputFiles(program: string, args: readonly string[], sql: string): string[] {
  const { files, operands } = wordsOf(args, DATABASE_INPUT_OPTIONS[program], VALUE_OPTIONS[program]);
  const named = COMMA_LISTS.has(program) ? files.flatMap((file) => file.split(',')) : files;
  const sent = SENT_OPERANDS[program]?.(operands) ?? [];
  return [...named, ...sent.filter((file) => !file.includes('://')), ...filesReadInSql(sql, program)];
}

/**
 * The files SQL given to a client reads and sends (`\copy t from 'c.csv'`, `\i seed.sql`, `LOAD DATA
 * LOCAL INFILE`, `source`, and the program's own: cqlsh's `COPY t FROM 'c.csv'`): also looked for in
 * the files a client is given (`psql -f load.sql`, a pgloader command file).
 */
export function filesReadInSql(sql: string, program = ''): string[] {
  const files = new Set<string>();
  for (const m of sql.matchAll(FILE_READ_IN_SQL)) {
    if (files.size === MAX_FILES_READ_IN_SQL) break;
    files.add((m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7] ?? m[8])!);
  }
  const own = CLIENT_FILE_READS[program];
  if (own) {
    for (const m of sql.matchAll(own)) {
      if (files.size >= MAX_FILES_READ_IN_SQL) break;
      for (const file of (m[1] ?? m[2] ?? '').split(',').map(pgloaderFile)) if (file !== '' && !file.includes('://')) files.add(file);
    }
  }
  return [...files].slice(0, MAX_FILES_READ_IN_SQL);
}

/**
 * The command files pgloader runs (`pgloader load.load`, when no word is a URL): they name the files
 * it loads (`FROM 'c.csv'`) and where (`INTO postgresql://...`), and are not sent themselves.
 */
export function loadCommandFiles(program: string, args: readonly string[]): string[] {
  if (program !== 'pgloader') return [];
  const words = wordsOf(args, undefined, VALUE_OPTIONS[program]).operands;
  return words.some((word) => word.includes('://')) ? [] : words;
}

/** The database a pgloader command file loads into (`INTO postgresql://app@db.acme.io/crm`): its host, or '' when it names none. */
export function loadTargetHost(text: string): string {
  const url = /\bINTO\s+'?((?:postgres(?:ql)?|pgsql):\/\/[^\s';]+)/i.exec(text);
  return url ? (urlHost(url[1]!) ?? '') : '';
}

/**
 * Where a DuckDB query copies what it selects to a cloud store (`COPY (...) TO 's3://bucket/c.parquet'`,
 * `EXPORT DATABASE 'gs://bucket/crm'`): the store's host and whether it is reached over TLS; null
 * when it writes only local files.
 */
export function storeWrittenTo(sql: string): { host: string; encrypted: boolean } | null {
  if (!/\bCOPY\b|\bEXPORT\s+DATABASE\b/i.test(sql)) return null;
  for (const m of sql.matchAll(/(?:\bTO|\bEXPORT\s+DATABASE)\s+'([a-z][a-z0-9]*):\/\/([^']{0,4096})'/gi)) {
    const scheme = m[1]!.toLowerCase();
    const host = STORE_HOSTS[scheme] ?? (scheme === 'http' || scheme === 'https' ? hostOf(`${scheme}://${m[2]}`) : null);
    if (host) return { host, encrypted: scheme !== 'http' };
  }
  return null;
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

/** Whether a command loads files into a database (`mongoimport`, `pg_restore`, `bq load`, `bcp t in c.csv`): it writes on it. */
export function loadsDatabase(program: string, args: readonly string[]): boolean {
  if (DATABASE_LOADS.has(program)) return true;
  const load = LOAD_WORDS[program];
  return load !== undefined && load.words.has(wordsOf(args, undefined, VALUE_OPTIONS[program]).operands[load.at] ?? '');
}
