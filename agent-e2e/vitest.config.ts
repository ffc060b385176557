// The real-agent test runs on its own: `npx vitest run --config agent-e2e/vitest.config.ts`.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['agent-e2e/**/*.test.ts'], root: path.resolve(import.meta.dirname, '..'), testTimeout: 120_000, hookTimeout: 120_000, pool: 'forks' },
});
