// What a database client's or dump's words say (database-commands.ts): where it connects, what its
// SQL does, the database file sqlite3 opens, the files it reads and sends to its database, and the
// files it writes what it reads into.
import { describe, expect, it } from 'vitest';
import { databaseCall, databaseInputFiles, databaseOutputFiles, sqlAction, sqliteFile } from '../../src/agent/database-commands.ts';

describe('a database command line', () => {
  it('connects where its options or URL say, with the SQL its words give', () => {
    expect(databaseCall('psql', ['-h', 'db.acme.io', '-c', 'select 1'])).toEqual({ host: 'db.acme.io', sql: ['select 1'] });
    expect(databaseCall('psql', ['postgres://app@db.acme.io/orders', '-c', 'select 1'])).toEqual({ host: 'db.acme.io', sql: ['select 1'] });
    expect(databaseCall('sqlite3', ['-csv', 'app.db', 'select 2'])).toEqual({ host: '', sql: ['app.db', 'select 2'] });
    expect(databaseCall('mongoimport', ['--host', 'rs0/db1.acme.io:27017,db2.acme.io:27017', '-c', 'c'])).toEqual({ host: 'db1.acme.io', sql: [] });
    expect(databaseCall('mysql', ['-hdb.acme.io', '-uapp', 'crm'])).toEqual({ host: 'db.acme.io', sql: [] });
    expect(databaseCall('psql', ['host=db.acme.io dbname=crm sslmode=require', '-c', 'select 1'])).toEqual({ host: 'db.acme.io', sql: ['select 1'] });
    expect(databaseCall('psql', ['-d', 'crm'], { PGHOST: 'db.acme.io' })).toEqual({ host: 'db.acme.io', sql: [] });
    expect(databaseCall('mongoimport', ['--uri=mongodb+srv://app:x@cluster0.acme.io/orders'])).toEqual({ host: 'cluster0.acme.io', sql: [] });
  });

  it('reads what SQL does', () => {
    expect(sqlAction('DROP TABLE users')).toBe('delete');
    expect(sqlAction("insert into users values ('x')")).toBe('modify');
    expect(sqlAction('db.users.updateMany({}, {})')).toBe('modify');
    expect(sqlAction("\\copy users (name, email) from 'users.csv' csv")).toBe('modify');
    expect(sqlAction("LOAD DATA LOCAL INFILE 'users.csv' INTO TABLE users")).toBe('modify');
    expect(sqlAction('select count(*) from users')).toBe('read');
    expect(sqlAction('\\copy (select * from users) to stdout')).toBe('read');
  });

  it('finds the database file sqlite3 opens', () => {
    expect(sqliteFile(['-cmd', '.mode csv', 'app.db', 'select 1'])).toBe('app.db');
    expect(sqliteFile([':memory:'])).toBeNull();
    expect(sqliteFile(['-json'])).toBeNull();
    expect(sqliteFile(['-json', '-c', "select * from 'customers.csv'"])).toBeNull();
  });

  it('finds the files it writes what it reads into', () => {
    expect(databaseOutputFiles('psql', ['-o', 'out.csv', '--log-file=psql.log'], '')).toEqual(['out.csv', 'psql.log']);
    expect(databaseOutputFiles('pg_dump', ['-f', 'db.sql', 'orders'], '')).toEqual(['db.sql']);
    expect(databaseOutputFiles('psql', ['-f', 'script.sql'], '')).toEqual([]);
    expect(databaseOutputFiles('psql', [], "\\copy users to 'users.csv' csv\n\\o report.txt")).toEqual(['users.csv', 'report.txt']);
    expect(databaseOutputFiles('sqlite3', [], '.once a.csv\n.output b.csv\n.backup main c.db\n.save d.db')).toEqual(['a.csv', 'b.csv', 'c.db', 'd.db']);
  });

  it('finds the files it reads and sends to its database', () => {
    expect(databaseInputFiles('psql', ['-h', 'db.acme.io', '-f', 'seed.sql', '--file=more.sql'], '')).toEqual(['seed.sql', 'more.sql']);
    expect(databaseInputFiles('psql', [], "\\copy users from users.csv csv\n\\copy t (a, b) from 'b.csv'\n\\copy t from stdin\n\\i schema.sql")).toEqual(['users.csv', 'b.csv', 'schema.sql']);
    expect(databaseInputFiles('psql', [], '\\copy (select * from users) to stdout')).toEqual([]);
    expect(databaseInputFiles('mysql', [], "LOAD DATA LOCAL INFILE 'users.csv' INTO TABLE users;\nsource seed.sql;")).toEqual(['users.csv', 'seed.sql']);
    expect(databaseInputFiles('mysql', [], 'LOAD DATA LOCAL INFILE "users.csv" INTO TABLE users')).toEqual(['users.csv']);
    expect(databaseInputFiles('mongoimport', ['-d', 'orders', '-c', 'users', '-f', 'name,email', 'users.json'], '')).toEqual(['users.json']);
    expect(databaseInputFiles('mysqlimport', ['-h', 'db.acme.io', '--local', 'orders', 'users.csv', 'leads.csv'], '')).toEqual(['users.csv', 'leads.csv']);
    expect(databaseInputFiles('pg_restore', ['-h', 'db.acme.io', '-d', 'orders', '-j', '4', 'orders.dump'], '')).toEqual(['orders.dump']);
  });
});
