// What a database client's or dump's words say (database-commands.ts): where it connects, what its
// SQL does, the database file sqlite3 opens and the files it writes what it reads into.
import { describe, expect, it } from 'vitest';
import { databaseCall, databaseOutputFiles, sqlAction, sqliteFile } from '../../src/agent/database-commands.ts';

describe('a database command line', () => {
  it('connects where its options or URL say, with the SQL its words give', () => {
    expect(databaseCall('psql', ['-h', 'db.acme.io', '-c', 'select 1'])).toEqual({ host: 'db.acme.io', sql: ['select 1'] });
    expect(databaseCall('psql', ['postgres://app@db.acme.io/orders', '-c', 'select 1'])).toEqual({ host: 'db.acme.io', sql: ['select 1'] });
    expect(databaseCall('sqlite3', ['-csv', 'app.db', 'select 2'])).toEqual({ host: '', sql: ['app.db', 'select 2'] });
  });

  it('reads what SQL does', () => {
    expect(sqlAction('DROP TABLE users')).toBe('delete');
    expect(sqlAction("insert into users values ('x')")).toBe('modify');
    expect(sqlAction('db.users.updateMany({}, {})')).toBe('modify');
    expect(sqlAction('select count(*) from users')).toBe('read');
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
});
