// The server's database as the operator commands use it (keys, operators, contracts): DATA_DIR /
// DATABASE_URL, the server's own configuration, migrated to the current schema first. The server's
// modules load only when a command reaches its database, so that --help and usage errors stay instant.
import type { Config } from '@bytebound/server/config';
import type { Database } from '@bytebound/server/db/database';

export async function withServerDatabase<T>(work: (db: Database, config: Config) => Promise<T>): Promise<T> {
  const { loadConfig } = await import('@bytebound/server/config');
  const { openDatabase } = await import('@bytebound/server/db/database');
  const { migrate } = await import('@bytebound/server/db/migrations');
  const config = loadConfig(process.env);
  const db = openDatabase(config.database);
  try {
    await migrate(db);
    return await work(db, config);
  } finally {
    await db.destroy();
  }
}
