// GET /api/home/features and GET /api/home/live-demo (the homepage endpoints of the spec's
// configuration): what the product does, as a list the site or a partner page can show, and a
// summary of the real decisions this server has signed (the spec's demo stats: totalDecisions,
// complianceRate, averageLatencyUs). Public and anonymous; features may be cached, the summary not.
import type { FastifyInstance } from 'fastify';
import { GLOBAL_COUNTERS_ID, readCounters } from '../decide/decision-counters.ts';

export type HomeFeature = { id: string; title: string; description: string };

export const HOME_FEATURES: readonly HomeFeature[] = [
  { id: 'compiler', title: 'Legal-to-code compiler', description: 'Compiles legal text into policy in seven formats: Rego, Cedar, Rust, JavaScript, SQL, WebAssembly and bytebound.' },
  { id: 'decisions', title: 'Allow or block before the action', description: 'Decides an agent action over 168 patterns (7 actions x 6 timings x 4 targets); exit code 0 allows, 2 blocks.' },
  { id: 'proof', title: 'Signed proof of every decision', description: 'Each decision is signed with Ed25519 and appended to a Merkle-tree audit log that verifies offline.' },
  { id: 'fail-secure', title: 'Fail secure', description: 'A malformed request, an unknown action, an error or a timeout is denied with a reason.' },
  { id: 'hook', title: 'Pre-tool hook for coding agents', description: 'bytebound hook stops a Claude Code tool call before it runs when the policy blocks it.' },
  { id: 'mcp', title: 'MCP tools', description: 'compile, decide and verify over the Model Context Protocol.' },
  { id: 'self-hosted', title: 'Runs where your data is', description: 'Open-source compiler and engine (Apache-2.0); SQLite by default, PostgreSQL for several instances.' },
];

export type LiveDemoSummary = {
  totalDecisions: number;
  /** Percent of decisions allowed, one decimal; null before the first decision. */
  complianceRate: number | null;
  /** Mean engine time per decision in microseconds; null before the first decision. */
  averageLatencyUs: number | null;
};

export async function homeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/home/features', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { features: HOME_FEATURES };
  });

  app.get('/api/home/live-demo', async (_request, reply) => {
    const { total, allowed, averageExecutionTimeUs } = await readCounters(app.db, GLOBAL_COUNTERS_ID);
    const summary: LiveDemoSummary = {
      totalDecisions: total,
      complianceRate: total === 0 ? null : Math.round((allowed / total) * 1000) / 10,
      averageLatencyUs: total === 0 ? null : averageExecutionTimeUs,
    };
    reply.header('cache-control', 'no-store');
    return summary;
  });
}
