// Test projects: `unit` (pure code, no services), `toolchain` (compiler output checked by OPA, rustc,
// wabt, Cedar, SQLite and PostgreSQL), and the server's integration tests twice, on SQLite and on
// PostgreSQL (a throwaway server started for the run), and `agent-e2e` (the real Claude Code CLI
// with bytebound hook wired in, against a scripted local model). The browser tests run under
// Playwright (e2e/).
import { defineConfig } from 'vitest/config';

const postgres = ['./test/global-postgres.ts'];
const integration = ['apps/server/test/**/*.test.ts'];
// Node 20's V8 ends a test process with a fatal error ("unreachable code" in
// Deoptimizer::DoComputeBuiltinContinuation) when optimised code with an inlined builtin
// deoptimises: in about one run of the Cedar wasm tests in five, and on some seeds of the
// differential test every time (seed 79721117). The crash marks the running test failed, whatever
// it tests. The projects of property tests (unit, toolchain) run without the optimising compiler,
// so nothing deoptimises: unit took 38 s instead of 34, toolchain 78 s instead of 75.
const withoutOptimiser = ['--no-opt'];
// The server's test files share their test process's modules instead of importing the server
// afresh for each file: each file builds its own app on its own database
// (apps/server/test/helpers/test-app.ts), and what a module keeps for itself is a cache or is keyed
// by the database or configuration it serves. Both integration projects on 2 cores: 433 s isolated
// (208 s of it, summed over files, importing), 272 s shared.
const sharedModules = { isolate: false };

export default defineConfig({
  test: {
    // One test process per core: Vitest's default leaves one core free, which on a 2-core machine
    // runs every file one after another. Every project on 2 cores: 1,024 s before, 645 s after.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'unit',
          execArgv: withoutOptimiser,
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.toolchain.test.ts', '**/node_modules/**'],
          environment: 'node',
          // A hang detector, not a speed check: the slowest unit tests take 4 s alone on a slow day
          // and more beside a second test process (the hook's fail-secure inputs: 5.8 s once).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'toolchain',
          execArgv: withoutOptimiser,
          include: ['packages/*/test/**/*.toolchain.test.ts', 'packages/*/src/**/*.toolchain.test.ts'],
          globalSetup: postgres,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'integration-sqlite',
          include: integration,
          env: { BYTEBOUND_TEST_DB: 'sqlite' },
          ...sharedModules,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration-postgres',
          include: integration,
          env: { BYTEBOUND_TEST_DB: 'postgres' },
          ...sharedModules,
          globalSetup: postgres,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'agent-e2e',
          include: ['agent-e2e/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
