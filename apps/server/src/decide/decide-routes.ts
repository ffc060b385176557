// POST /api/v1/decide: a request decided by up to 10 arbiters (built-in, the customer's own) or an
// inline .bb policy, signed, appended to the audit log and recorded. A malformed request is a
// signed DENY (200, exit code 2): only a body outside the envelope schema is a 400.
// POST /api/v1/subjects/erase: crypto-shredding of a data subject the customer's decisions named.
import { MAX_SUBJECT_REFERENCE_LENGTH } from '@bytebound/engine/config';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireApiKey, useApiKeyAuth } from '../api-keys/api-key-auth.ts';
import { eraseSubjectCommitmentKey } from '../audit/commitment-keys.ts';
import { DECIDE_BODY_LIMIT_BYTES, DECIDE_RATE_PER_MINUTE, MAX_PARALLEL_ARBITERS, SUBJECT_ERASURE_RATE_PER_MINUTE } from '../constants.ts';
import { perApiKey } from '../http/rate-limits.ts';
import { recordDecision } from './decision-recorder.ts';
import { admitDecision } from './entitlements-check.ts';

/** The caller's own reference to a data subject (a user id, a ticket id): stored only as a keyed hash. */
export const subjectReference = z.string().min(1).max(MAX_SUBJECT_REFERENCE_LENGTH);

export const decideBody = z
  .object({
    request: z.record(z.string(), z.unknown()),
    arbiters: z.array(z.string().min(1).max(100)).min(1).max(MAX_PARALLEL_ARBITERS).optional(),
    policy: z.string().min(1).optional(),
    subject: subjectReference.optional(),
  })
  .strict()
  .refine((body) => body.arbiters !== undefined || body.policy !== undefined, {
    message: 'name arbiters (built-in names or your arbiter ids) or send an inline bytebound policy',
  })
  .refine((body) => (body.arbiters?.length ?? 0) + (body.policy === undefined ? 0 : 1) <= MAX_PARALLEL_ARBITERS, {
    message: `at most ${MAX_PARALLEL_ARBITERS} arbiters per decision, an inline policy counting as one`,
  });

export async function decideRoutes(app: FastifyInstance): Promise<void> {
  useApiKeyAuth(app);
  app.post(
    '/api/v1/decide',
    {
      bodyLimit: DECIDE_BODY_LIMIT_BYTES,
      preValidation: [requireApiKey(app, 'decide')],
      schema: { body: decideBody },
      config: perApiKey(DECIDE_RATE_PER_MINUTE),
    },
    async (request) => {
      const key = request.apiKey!;
      const body = request.body as z.infer<typeof decideBody>;
      const refs = [...new Set(body.arbiters ?? [])];
      const counted = await admitDecision(app.db, key.customerId, refs);
      try {
        const calls = await app.decisions.resolve(key.customerId, refs);
        if (body.policy !== undefined) calls.push(app.decisions.inlinePolicy(body.policy, `key:${key.id}`));
        const consultation = await app.decisions.consult(calls, body.request);
        return await recordDecision(app.db, app.signingKey, {
          customerId: key.customerId,
          apiKeyId: key.id,
          source: 'api',
          decision: consultation.decision,
          outcomes: consultation.outcomes,
          latencyNs: consultation.latencyNs,
          request: body.request,
          subject: body.subject,
        });
      } finally {
        counted();
      }
    },
  );

  app.post(
    '/api/v1/subjects/erase',
    {
      preValidation: [requireApiKey(app, 'decide')],
      schema: { body: z.object({ subject: subjectReference }).strict() },
      config: perApiKey(SUBJECT_ERASURE_RATE_PER_MINUTE),
    },
    async (request) => eraseSubject(app, request.apiKey!.customerId, (request.body as { subject: string }).subject),
  );
}

/** Crypto-shredding of a customer's data subject, with what it did (the API's and the account page's answer). */
export async function eraseSubject(app: FastifyInstance, customerId: string, subject: string): Promise<{ erased: boolean; message: string }> {
  const erased = await eraseSubjectCommitmentKey(app.db, customerId, subject);
  return {
    erased,
    message: erased
      ? "The subject's commitment key is deleted: the commitments in its decisions' proofs can no longer be linked to it, and the audit log still verifies. A later decision naming it starts a new key."
      : 'No key was kept for this subject: no decision of yours named it since it was last erased.',
  };
}
