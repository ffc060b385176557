// What the command lines of hosted database services send to the database they keep
// (hosted-databases.ts), and the hook judging it: `heroku pg:psql`, `fly postgres connect` and
// `railway connect` are read as psql there; `supabase db push` and `db reset --linked` as the
// migrations and seed files they run on the linked project's database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOSTED_DATABASES, hostedDatabaseClient, supabaseRun } from '../../src/agent/hosted-databases.ts';
import type { FolderReader } from '../../src/agent/published-packages.ts';
import { hookIn } from './hook-in-folder.ts';

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-hosted-databases-'));
const put = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(cwd, file)), { recursive: true });
  fs.writeFileSync(path.join(cwd, file), text);
};
put('seed.sql', "insert into users (id, email) values (1, 'jane.doe@acme-corp.com');\n");
put('schema.sql', 'create table users (id int primary key, email text);\n');
// A Supabase project linked to its hosted project, whose seed holds a customer.
put('app/supabase/migrations/20260101000000_users.sql', 'create table users (id int primary key, email text);\n');
put('app/supabase/seed.sql', "insert into users values (1, 'jane.doe@acme-corp.com');\n");
put('app/supabase/.temp/project-ref', 'abcdefghijklmnopqrst\n');
// One whose config seeds from other files, and one whose migration itself inserts a customer.
put('crm/supabase/config.toml', '[db]\nport = 54322\n\n[db.seed]\nenabled = true\nsql_paths = ["./seeds/*.sql"]\n');
put('crm/supabase/migrations/20260101000000_users.sql', 'create table users (id int primary key, email text);\n');
put('crm/supabase/seeds/customers.sql', "insert into users values (1, 'jane.doe@acme-corp.com');\n");
put('crm/supabase/seed.sql', '-- not used: config.toml names seeds/*.sql\n');
put('billing/supabase/migrations/20260101000000_admin.sql', "insert into admins values ('jane.doe@acme-corp.com');\n");

const { bash, expectBlocked } = hookIn(cwd);

describe('the hook and hosted databases', () => {
  it.each([
    ['heroku pg:psql of a file on its input', 'heroku pg:psql -a acme-crm < seed.sql', HOSTED_DATABASES.heroku],
    ['heroku pg:psql -f', 'heroku pg:psql DATABASE_URL --app acme-crm -f seed.sql', HOSTED_DATABASES.heroku],
    ['heroku pg:psql -c', `heroku pg:psql -a acme-crm -c "insert into users values (2, 'jane.doe@acme-corp.com')"`, HOSTED_DATABASES.heroku],
    ['fly postgres connect', 'fly postgres connect -a acme-crm-db < seed.sql', HOSTED_DATABASES.fly],
    ['flyctl pg connect', 'cat seed.sql | flyctl pg connect -a acme-crm-db', HOSTED_DATABASES.fly],
    ['railway connect', 'railway connect postgres < seed.sql', HOSTED_DATABASES.railway],
    ['supabase db push --include-seed', 'cd app && supabase db push --include-seed', 'db.abcdefghijklmnopqrst.supabase.co'],
    ['supabase db reset --linked', 'npx supabase db reset --linked --workdir app', 'db.abcdefghijklmnopqrst.supabase.co'],
    ['supabase db push of seed files config.toml names', 'cd crm && supabase db push --include-seed', HOSTED_DATABASES.supabase],
    ['supabase db push of a migration that inserts', 'supabase db push --workdir billing', HOSTED_DATABASES.supabase],
    ['supabase db push --db-url', 'cd app && supabase db push --include-seed --db-url "postgresql://postgres:pw@db.example-ref.supabase.co:5432/postgres"', 'db.example-ref.supabase.co'],
  ])('blocks personal data sent by %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([
    // Queries, schema, a push without the seed, a local reset, a dry run.
    ['heroku pg:psql -a acme-crm -c "select count(*) from users"'],
    ['heroku pg:psql -a acme-crm < schema.sql'],
    ['heroku pg:info -a acme-crm'],
    ['fly postgres list'],
    ['railway connect'],
    ['cd app && supabase db push'],
    ['cd app && supabase db reset'],
    ['cd app && supabase db push --include-seed --dry-run'],
    ['cd crm && supabase db reset --linked --no-seed'],
    ['supabase start'],
  ])('allows %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });
});

describe('hostedDatabaseClient', () => {
  it('reads a hosted service’s psql as psql on the service’s database, with the SQL and files it is given', () => {
    expect(hostedDatabaseClient(['heroku', 'pg:psql', 'HEROKU_POSTGRESQL_RED', '-a', 'crm', '--command=select 1', '-f', 'seed.sql', '--credential', 'ro'])).toEqual([
      'psql', '-h', 'heroku:postgres', '--command', 'select 1', '-f', 'seed.sql',
    ]);
    expect(hostedDatabaseClient(['/usr/local/bin/flyctl', 'postgres', 'connect', '-a', 'db'])).toEqual(['psql', '-h', 'fly:postgres']);
    expect(hostedDatabaseClient(['railway', 'connect', 'postgres'])).toEqual(['psql', '-h', 'railway:database']);
  });

  it('is null for the services’ other commands', () => {
    for (const argv of [['heroku', 'pg:info'], ['heroku', 'config:get', 'X'], ['fly', 'postgres', 'list'], ['fly', 'connect'], ['railway', 'up'], ['psql', '-c', 'select 1']]) {
      expect(hostedDatabaseClient(argv)).toBeNull();
    }
  });
});

describe('supabaseRun', () => {
  /** A reader of made-up files by full path: a folder read whole is every file under it. */
  const reader =
    (files: Record<string, string>): FolderReader =>
    (word, folder, skip) => {
      const full = path.resolve(folder, word);
      if (skip) return Object.entries(files).filter(([name]) => name.startsWith(`${full}/`)).map(([, text]) => text).join('\n');
      return files[full] ?? '';
    };
  const project = reader({
    '/p/supabase/migrations/1_users.sql': 'create table users',
    '/p/supabase/seed.sql': 'insert seed',
    '/p/supabase/.temp/project-ref': 'refref\n',
  });

  it('sends the migrations, and the seed where it runs, to the linked project', () => {
    expect(supabaseRun(['db', 'push'], '/p', project)).toEqual({ text: 'create table users\n', host: 'db.refref.supabase.co', summary: 'supabase db push to db.refref.supabase.co' });
    expect(supabaseRun(['db', 'push', '--include-seed'], '/p', project)?.text).toBe('create table users\ninsert seed');
    expect(supabaseRun(['db', 'reset', '--linked'], '/p', project)?.text).toBe('create table users\ninsert seed');
    expect(supabaseRun(['db', 'push', '--project-ref', 'other'], '/p', project)?.host).toBe('db.other.supabase.co');
    expect(supabaseRun(['db', 'push', '--workdir', '/p'], '/elsewhere', project)?.host).toBe('db.refref.supabase.co');
  });

  it('is null for a local reset, a dry run and other commands; a ref that is not one names no host', () => {
    expect(supabaseRun(['db', 'reset'], '/p', project)).toBeNull();
    expect(supabaseRun(['db', 'push', '--dry-run'], '/p', project)).toBeNull();
    expect(supabaseRun(['db', 'diff'], '/p', project)).toBeNull();
    expect(supabaseRun(['start'], '/p', project)).toBeNull();
    expect(supabaseRun(['db', 'push'], '/p', reader({ '/p/supabase/.temp/project-ref': 'evil.example.com/x' }))?.host).toBe('supabase.co');
  });
});
