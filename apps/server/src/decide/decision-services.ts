// Shared by the decision API, the arbiter routes and the public compiler endpoints: one
// DecisionService (policy cache, arbiters), decorated on the root app.
import type { FastifyInstance } from 'fastify';
import { dataKeyOf } from '../api-keys/api-key-auth.ts';
import { DecisionService } from './decision-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    decisions: DecisionService;
    /** When this server started (epoch ms), for the public metrics' uptime. */
    startedAt: number;
  }
}

export async function decisionServices(app: FastifyInstance): Promise<void> {
  // Load (or create) the data key now: a bad DATA_KEY stops the start with a readable error
  // instead of failing the first signed request.
  dataKeyOf(app.config);
  const decisions = new DecisionService(app.db);
  app.decorate('decisions', decisions);
  app.addHook('onClose', () => decisions.loader.close());
  app.decorate('startedAt', Date.now());
}
// Decorations made here are visible to the whole app (what fastify-plugin does).
(decisionServices as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
