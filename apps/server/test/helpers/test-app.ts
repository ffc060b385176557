// A fresh database of the dialect under test (BYTEBOUND_TEST_DB=sqlite|postgres) and an app built on it.
// Each call gets its own database: a new SQLite file, or a new database on the run's PostgreSQL server.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';

export const testDialect: Config['database']['dialect'] = process.env.BYTEBOUND_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export type TestDatabase = { db: Database; database: Config['database']; dataDir: string; drop: () => Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-test-'));
  if (testDialect === 'sqlite') {
    const database = { dialect: 'sqlite' as const, file: path.join(dataDir, 'bytebound.db') };
    const db = openDatabase(database);
    return {
      db,
      database,
      dataDir,
      drop: async () => {
        await db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = inject('postgresUrl');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = { dialect: 'postgres' as const, url: url.toString() };
  const db = openDatabase(database);
  return {
    db,
    database,
    dataDir,
    drop: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = { app: FastifyInstance; config: Config; db: Database; close: () => Promise<void> };

/** Builds the real app on a fresh database; `env` overrides configuration variables. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: testDb.dataDir, ...env }),
    database: testDb.database,
  };
  const app = await buildApp(config, { db: testDb.db });
  return {
    app,
    config,
    db: testDb.db,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}
