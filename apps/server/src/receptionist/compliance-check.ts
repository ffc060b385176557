// Runs the planned decisions of a message through the real engine: first as the `decide` tool of
// this server's own MCP endpoint (POST /mcp, with the receptionist's internal key: protocol MCP);
// if that call fails, in-process through the decision service (protocol HTTP). Either way the
// decision is signed, appended to the audit log and recorded like /api/v1/decide's, and only
// categories, never values, reach the request (and so the bundle's commitment), made with the
// key of the conversation as its data subject.
import type { DsseEnvelope } from '@bytebound/engine/dsse';
import type { FastifyInstance } from 'fastify';
import { type RecordedDecision, recordDecision } from '../decide/decision-recorder.ts';
import type { PlannedDecision } from './compliance-plan.ts';
import type { ReceptionistIdentity } from './receptionist-identity.ts';
import { RECEPTIONIST_ARBITER } from './receptionist-policy.ts';
import type { ReceptionistStream, StreamDecision } from './receptionist-stream.ts';

export type Protocol = 'MCP' | 'HTTP';

export type ProofBundleView = {
  id: string;
  timestamp: string;
  hash: string;
  signature: string;
  decision: 'ALLOW' | 'DENY';
  executionTime: number;
  customerId: string;
  /** Additions for verification in the browser: the DSSE envelope and the bundle's position in the audit log. */
  envelope: DsseEnvelope;
  auditIndex: number;
};

export type CheckedDecision = {
  id: string;
  action: string;
  target: string;
  dataCategory: string;
  exitCode: 0 | 2;
  article: string | null;
  reason: string;
  stored: boolean;
  executionTimeUs: number;
  proofBundle: ProofBundleView;
  planned: PlannedDecision;
};

type Recorded = Pick<RecordedDecision, 'decisionId' | 'bundleId' | 'auditIndex' | 'envelope' | 'decision' | 'exitCode' | 'article' | 'reasons' | 'digest' | 'signature' | 'timestamp' | 'latency_us'>;

export class ComplianceCheck {
  constructor(
    private readonly app: FastifyInstance,
    private readonly identity: ReceptionistIdentity,
    private readonly stream: ReceptionistStream,
  ) {}

  /** Decides every planned item in order; the protocol is MCP unless the MCP call failed for any of them. */
  async decide(planned: readonly PlannedDecision[], session: { id: string; label: string } | null): Promise<{ protocol: Protocol; decisions: CheckedDecision[] }> {
    let protocol: Protocol = 'MCP';
    const decisions: CheckedDecision[] = [];
    for (const p of planned) {
      // The conversation is the data subject: its key is erased with it (receptionist-store.ts).
      const subject = session?.id;
      let recorded = await this.viaMcp(p, subject).catch((error: unknown) => {
        this.app.log.warn({ err: error }, 'receptionist MCP compliance check failed; deciding in-process');
        return null;
      });
      if (!recorded) {
        protocol = 'HTTP';
        recorded = await this.inProcess(p, subject);
      }
      decisions.push(await this.remember(p, recorded, protocol, session));
    }
    return { protocol, decisions };
  }

  /** One decision outside a chat message (consent, rights), same path. */
  async decideOne(p: PlannedDecision, session: { id: string; label: string } | null): Promise<CheckedDecision & { protocol: Protocol }> {
    const { protocol, decisions } = await this.decide([p], session);
    return { ...decisions[0]!, protocol };
  }

  private async viaMcp(p: PlannedDecision, subject: string | undefined): Promise<Recorded> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { authorization: `Bearer ${this.identity.internalKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'decide', arguments: { request: p.request, arbiters: [RECEPTIONIST_ARBITER], subject } } }),
    });
    if (response.statusCode !== 200) throw new Error(`MCP decide answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    const body = JSON.parse(response.body) as { result?: { structuredContent?: Recorded; isError?: boolean }; error?: { message: string } };
    const out = body.result?.structuredContent;
    if (!out || body.result?.isError || typeof out.bundleId !== 'string') throw new Error(`MCP decide failed: ${body.error?.message ?? response.body.slice(0, 200)}`);
    return out;
  }

  private async inProcess(p: PlannedDecision, subject: string | undefined): Promise<Recorded> {
    const calls = await this.app.decisions.resolve(this.identity.customerId, [RECEPTIONIST_ARBITER]);
    const consultation = await this.app.decisions.consult(calls, p.request);
    return recordDecision(this.app.db, this.app.signingKey, {
      customerId: this.identity.customerId,
      apiKeyId: null,
      source: 'receptionist',
      decision: consultation.decision,
      outcomes: consultation.outcomes,
      latencyNs: consultation.latencyNs,
      request: p.request,
      subject,
    });
  }

  private async remember(p: PlannedDecision, r: Recorded, protocol: Protocol, session: { id: string; label: string } | null): Promise<CheckedDecision> {
    const now = Date.now();
    const executionTimeUs = r.latency_us;
    const latencyNs = Math.round(executionTimeUs * 1000);
    await this.app.db
      .insertInto('receptionist_decisions')
      .values({
        id: r.decisionId,
        seq: r.auditIndex,
        session_id: session?.id ?? null,
        session_label: session?.label ?? null,
        action: p.action,
        field: p.field,
        exit_code: r.exitCode,
        article: r.article,
        latency_ns: latencyNs,
        bundle_id: r.bundleId,
        protocol,
        created_at: now,
      })
      .execute();
    if (session) {
      const streamed: StreamDecision = { id: r.decisionId, bundleId: r.bundleId, timestamp: r.timestamp, action: p.action, field: p.field, exitCode: r.exitCode, article: r.article, executionTimeUs, sessionId: session.label };
      await this.stream.publish('decision', { sessionRowId: session.id, decision: streamed });
    }
    const counters = await this.stream.count(r.exitCode, latencyNs);
    await this.stream.publish('counters', counters);
    await this.stream.checkpointIfDue(this.app.signingKey, r.auditIndex, counters.total);
    return {
      id: r.decisionId,
      action: p.action,
      target: p.target,
      dataCategory: p.field,
      exitCode: r.exitCode,
      article: r.article,
      reason: r.reasons[0]?.text ?? '',
      stored: false,
      executionTimeUs,
      planned: p,
      proofBundle: {
        id: r.bundleId,
        timestamp: r.timestamp,
        hash: r.digest,
        signature: r.signature,
        decision: r.decision,
        executionTime: executionTimeUs,
        customerId: this.identity.customerId,
        envelope: r.envelope,
        auditIndex: r.auditIndex,
      },
    };
  }
}
