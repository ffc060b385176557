// One migration set for SQLite and PostgreSQL. Column types are the ones both accept alike:
// text, integer, bigint (epoch ms), and integer 0/1 for booleans.
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database.ts';

/** Starts a table whose first column is an auto-incrementing integer key, in either dialect. */
function createTableWithId(k: Kysely<unknown>, db: Database, name: string) {
  return db.dialect === 'postgres'
    ? k.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
    : k.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function migrations(db: Database): Record<string, Migration> {
  return {
    '0001-client-logs': {
      async up(k: Kysely<unknown>) {
        await createTableWithId(k, db, 'client_logs')
          .addColumn('level', 'integer', (c) => c.notNull())
          .addColumn('message', 'text', (c) => c.notNull())
          .addColumn('url', 'text')
          .addColumn('user_agent', 'text')
          .addColumn('logged_at', 'bigint', (c) => c.notNull())
          .addColumn('received_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('client_logs_received_at').on('client_logs').column('received_at').execute();
      },
    },
  };
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrate(db: Database): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(db) };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
