// The public compiler endpoints of spec section 7 (/api/v1/home/...): compile a demo text, parse a
// statute into per-regulation policies, decide a context against a policy set, and keep a demo
// compile as an arbiter. Public ones are rate-limited per IP and bounded in size; naming a stored
// arbiter, or saving one, needs an API key.
import crypto from 'node:crypto';
import { formatById } from '@bytebound/compiler/emit/formats';
import type { CompileOptions, Condition, Policy } from '@bytebound/compiler/policy-model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { lacksScope, optionalApiKey, requireApiKey, useApiKeyAuth } from '../api-keys/api-key-auth.ts';
import { ARBITER_NAME, keepArbiter, loadArbiterSource } from '../arbiters/arbiter-routes.ts';
import { compileOrFail, jurisdictionSchema } from '../arbiters/compile-arbiter.ts';
import {
  ARBITERS_RATE_PER_MINUTE,
  DECIDE_BODY_LIMIT_BYTES,
  LEGAL_TEXT_BODY_LIMIT_BYTES,
  PUBLIC_COMPILER_RATE_PER_MINUTE,
  STATUTE_CACHE_ENTRIES,
  VALIDATE_SYNTAX_RATE_PER_MINUTE,
} from '../constants.ts';
import { requireSession } from '../auth/sessions.ts';
import { checkDecisionAllowed } from '../decide/entitlements-check.ts';
import { HttpError } from '../http/errors.ts';
import { perClient, perKeyOrAccount } from '../http/rate-limits.ts';
import { compilePool } from './compile-pool.ts';
import { regulationPolicies, type StatutePolicy } from './statute-policies.ts';

/** The timing a validate-syntax context without one is decided at. */
export const PLAYGROUND_TIMING = 'pre-action';

const demoCompileBody = z
  .object({
    source: z.string(),
    format: z.string().min(1).max(20).default('cedar'),
    jurisdiction: jurisdictionSchema.optional(),
    options: z
      .object({
        target: z.enum(['development', 'production']).optional(),
        optimize: z.union([z.boolean(), z.enum(['none', 'basic', 'maximum'])]).optional(),
        validate: z.boolean().optional(),
        enforcementLevel: z.enum(['strict', 'moderate', 'permissive']).optional(),
        includeTests: z.boolean().optional(),
      })
      .strict()
      .default({}),
  })
  .strict();

const parseStatuteBody = z.object({ text: z.string(), jurisdiction: jurisdictionSchema.optional() }).strict();

const validateSyntaxBody = z
  .object({
    context: z
      .object({
        principal: z.object({ id: z.string().max(200).optional(), type: z.string().max(100).optional() }).strict().optional(),
        action: z.unknown(),
        timing: z.unknown().optional(),
        target: z.unknown().optional(),
        resource: z.record(z.string(), z.unknown()).optional(),
        attributes: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
    policy_set: z.string().min(1),
  })
  .strict();

const blueprintBody = z.union(
  [
    z.object({ name: ARBITER_NAME, bbs: z.string().min(1) }).strict(),
    z
      .object({ name: ARBITER_NAME, source: z.string(), jurisdiction: jurisdictionSchema.optional(), options: demoCompileBody.shape.options })
      .strict(),
  ],
  { error: 'send a name and either bbs (the compiled bytebound text) or source (the law to compile, with jurisdiction and options if you like)' },
);

type DemoOptions = z.infer<typeof demoCompileBody>['options'];

function compileOptionsOf(options: DemoOptions): Partial<CompileOptions> {
  const out: Partial<CompileOptions> = {};
  if (options.target) out.targetEnvironment = options.target;
  if (options.optimize !== undefined) out.optimizationLevel = options.optimize === true ? 'maximum' : options.optimize === false ? 'none' : options.optimize;
  if (options.enforcementLevel) out.enforcementLevel = options.enforcementLevel;
  if (options.includeTests !== undefined) out.includeTests = options.includeTests;
  return out;
}

function describeCondition(c: Condition): string {
  if ('equals' in c) return `${c.attribute} = ${c.equals}`;
  if ('in' in c) return `${c.attribute} in [${c.in.join(', ')}]`;
  return `${c.attribute} > ${c.greaterThan}`;
}

/** Every distinct condition the policy checks, and the text conditions kept for review. */
function conditionsOf(policy: Policy) {
  const checked = new Set<string>();
  const review = new Set<string>();
  for (const rule of policy.rules) {
    for (const c of rule.when) checked.add(describeCondition(c));
    for (const c of rule.unless) checked.add(`not ${describeCondition(c)}`);
    for (const r of rule.review) review.add(r);
  }
  return { checked: [...checked].sort(), review: [...review] };
}

/**
 * Blueprint save accepts an API key (scope `arbiters`) or a signed-in account's session (bearer
 * session token plus its cookie); the account's id is its customer id.
 */
function keyOrSession(app: FastifyInstance) {
  const byKey = requireApiKey(app, 'arbiters');
  const bySession = requireSession(app.db);
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    const bearer = request.headers.authorization ?? '';
    const usesKey = request.headers['x-bytebound-signature'] !== undefined || /^Bearer\s+bb_live_/i.test(bearer) || bearer === '';
    if (usesKey) return byKey.call(this, request, reply);
    return bySession(request);
  };
}

export async function publicCompilerRoutes(app: FastifyInstance): Promise<void> {
  useApiKeyAuth(app);
  // The compile worker loads the compiler once, at start, so the first visitor's compile is not slower.
  compilePool()
    .warm()
    .catch((error: unknown) => app.log.warn({ error }, 'the compile worker did not start; it is retried on the first compile'));
  const statutes = new Map<string, StatutePolicy[]>();

  app.post(
    '/api/v1/home/demo/compile',
    { bodyLimit: LEGAL_TEXT_BODY_LIMIT_BYTES, schema: { body: demoCompileBody }, config: perClient(PUBLIC_COMPILER_RATE_PER_MINUTE) },
    async (request) => {
      const body = request.body as z.infer<typeof demoCompileBody>;
      const format = formatById(body.format);
      if (!format) throw new HttpError(400, `Unknown format '${body.format}'`);
      const started = performance.now();
      const result = await compileOrFail(
        body.source,
        { format: format.id, jurisdiction: body.jurisdiction, options: compileOptionsOf(body.options) },
        request.ip,
        { name: 'demo', roundTrip: body.options.validate !== false },
      );
      const compilationTimeMs = performance.now() - started;
      const { bbs, policyId, roundTrip } = result.finished;
      const validators: { name: string; ok: boolean; messages: string[] }[] = [
        { name: 'legal-text', ok: true, messages: [...result.validation.warnings, ...result.validation.suggestions] },
      ];
      // The bytebound output must load back into the very policy it was printed from.
      if (roundTrip) validators.push({ name: 'bytebound-round-trip', ok: roundTrip.length === 0, messages: roundTrip });
      const conditions = conditionsOf(result.policy);
      return {
        status: 'success',
        policy_id: policyId,
        output: {
          [format.id]: result.output,
          bbs,
          metadata: {
            compilation_time_ms: Math.round(compilationTimeMs * 100) / 100,
            stages: result.stages,
            performance_tier: result.metadata.performanceTier,
            detected: result.detected,
            rules: result.metadata.ruleCount,
            norms: result.metadata.normCount,
            note: result.note,
            validators,
            conditions: conditions.checked,
            review: conditions.review,
          },
        },
      };
    },
  );

  app.post(
    '/api/v1/home/homepage/compiler/parse-statute',
    { bodyLimit: LEGAL_TEXT_BODY_LIMIT_BYTES, schema: { body: parseStatuteBody }, config: perClient(PUBLIC_COMPILER_RATE_PER_MINUTE) },
    async (request) => {
      const body = request.body as z.infer<typeof parseStatuteBody>;
      const key = crypto.createHash('sha256').update(`${body.jurisdiction ?? ''}\n${body.text}`, 'utf8').digest('hex');
      const cached = statutes.get(key);
      if (cached) {
        statutes.delete(key);
        statutes.set(key, cached);
        return { policies: cached, total: cached.length, cache_status: 'HIT' };
      }
      const result = await compileOrFail(body.text, { jurisdiction: body.jurisdiction, options: {} }, request.ip);
      const policies = regulationPolicies(result);
      statutes.set(key, policies);
      if (statutes.size > STATUTE_CACHE_ENTRIES) statutes.delete(statutes.keys().next().value!);
      return { policies, total: policies.length, cache_status: 'MISS' };
    },
  );

  app.post(
    '/api/v1/home/homepage/compiler/validate-syntax',
    {
      bodyLimit: DECIDE_BODY_LIMIT_BYTES,
      preValidation: [optionalApiKey(app)],
      schema: { body: validateSyntaxBody },
      config: perClient(VALIDATE_SYNTAX_RATE_PER_MINUTE),
    },
    async (request) => {
      const body = request.body as z.infer<typeof validateSyntaxBody>;
      const inline = body.policy_set.trimStart().startsWith('bytebound');
      let call;
      if (inline) {
        call = app.decisions.inlinePolicy(body.policy_set, request.apiKey ? `key:${request.apiKey.id}` : `ip:${request.ip}`);
      } else {
        const key = request.apiKey;
        if (!key) throw new HttpError(401, 'Deciding with an arbiter needs an API key: send "Authorization: Bearer <key>", or send the policy itself as bytebound text');
        if (!key.scopes.includes('decide')) throw new HttpError(403, lacksScope('decide'));
        await checkDecisionAllowed(app.db, key.customerId, [body.policy_set.trim()]);
        [call] = await app.decisions.resolve(key.customerId, [body.policy_set.trim()]);
      }
      const { context } = body;
      const consultation = await app.decisions.consult([call!], {
        action: context.action,
        // The spec's context names no timing: a playground check is the agent's pre-action one unless it says otherwise.
        timing: context.timing ?? PLAYGROUND_TIMING,
        target: context.target,
        ...(context.attributes ? { attributes: context.attributes } : {}),
      });
      const outcome = consultation.outcomes[0];
      return {
        decision: consultation.decision.decision,
        exitCode: consultation.decision.exitCode,
        reasons: consultation.decision.reasons,
        applied_policies: consultation.decision.applied_policies,
        article: consultation.decision.article,
        metadata: {
          latency_us: Math.round(consultation.latencyNs / 10) / 100,
          policy: inline ? 'inline' : body.policy_set.trim(),
          policy_digest: outcome?.digest ?? null,
          version: outcome?.version ?? null,
          signed: false,
          note: 'A playground decision: not signed, not logged, not counted. POST /api/v1/decide signs and records decisions.',
        },
      };
    },
  );

  app.post(
    '/api/v1/home/blueprints/save',
    {
      bodyLimit: LEGAL_TEXT_BODY_LIMIT_BYTES,
      preValidation: [keyOrSession(app)],
      schema: { body: blueprintBody },
      config: perKeyOrAccount(ARBITERS_RATE_PER_MINUTE),
    },
    async (request, reply) => {
      const body = request.body as z.infer<typeof blueprintBody>;
      const customerId = request.apiKey?.customerId ?? request.session!.account.id;
      const source =
        'bbs' in body
          ? await loadArbiterSource(body.bbs, `customer:${customerId}`)
          : (await compileOrFail(body.source, { jurisdiction: body.jurisdiction, options: compileOptionsOf(body.options) }, `customer:${customerId}`, { name: 'arbiter' }))
              .finished;
      const { arbiter, created } = await keepArbiter(app.db, customerId, body.name, source);
      return reply.status(created ? 201 : 200).send(arbiter);
    },
  );
}
