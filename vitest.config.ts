// Test projects: `unit` (pure code, no services), `toolchain` (compiler output checked by OPA, rustc,
// wabt, Cedar, SQLite and PostgreSQL), `integration` (the server on SQLite or PostgreSQL, chosen by
// BYTEBOUND_TEST_DB). The browser tests run under Playwright (e2e/).
import { defineConfig } from 'vitest/config';

const postgres = ['./test/global-postgres.ts'];
const onPostgres = process.env.BYTEBOUND_TEST_DB === 'postgres';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.toolchain.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'toolchain',
          include: ['packages/*/test/**/*.toolchain.test.ts', 'packages/*/src/**/*.toolchain.test.ts'],
          globalSetup: postgres,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: `integration-${onPostgres ? 'postgres' : 'sqlite'}`,
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: onPostgres ? postgres : [],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
