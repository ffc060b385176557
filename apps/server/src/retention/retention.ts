// One retention job for every kind of record: each registers its period and how it is purged;
// the job runs at start, then every RETENTION_JOB_INTERVAL_MS, and stops when the app closes.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { RETENTION_JOB_INTERVAL_MS } from './retention-periods.ts';

export type RetentionPolicy = {
  name: string;
  /** Records older than this (ms) are purged. */
  periodMs: number;
  /** Purges what was created before `cutoff` (epoch ms; `now` - periodMs); returns how many records it purged. */
  purge: (db: Database, cutoff: number, now: number) => Promise<number>;
};

export type RetentionRun = { name: string; cutoff: number; purged: number } | { name: string; cutoff: number; error: string };

export class RetentionRegistry {
  private readonly policies = new Map<string, RetentionPolicy>();

  register(policy: RetentionPolicy): void {
    if (this.policies.has(policy.name)) throw new Error(`retention for '${policy.name}' is already registered`);
    if (!(policy.periodMs > 0)) throw new Error(`retention period of '${policy.name}' must be positive`);
    this.policies.set(policy.name, policy);
  }

  list(): RetentionPolicy[] {
    return [...this.policies.values()];
  }

  /** Runs every purge once; one failing purge does not stop the others. */
  async runOnce(db: Database, now = Date.now()): Promise<RetentionRun[]> {
    const runs: RetentionRun[] = [];
    for (const policy of this.policies.values()) {
      const cutoff = now - policy.periodMs;
      try {
        runs.push({ name: policy.name, cutoff, purged: await policy.purge(db, cutoff, now) });
      } catch (error) {
        runs.push({ name: policy.name, cutoff, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return runs;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    retention: RetentionRegistry;
  }
}

/** Decorates the app with the registry; the job starts when the app is ready and stops on close. */
export function setUpRetention(app: FastifyInstance, intervalMs = RETENTION_JOB_INTERVAL_MS): void {
  const registry = new RetentionRegistry();
  app.decorate('retention', registry);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = registry.runOnce(app.db).then((runs) => {
      for (const r of runs) {
        if ('error' in r) app.log.error({ retention: r.name, err: r.error }, 'retention purge failed');
        else if (r.purged > 0) app.log.info({ retention: r.name, purged: r.purged }, 'retention purge');
      }
    });
    return running;
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
