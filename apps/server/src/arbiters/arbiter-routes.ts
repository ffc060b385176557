// Arbiters over HTTP, guarded by API keys: a customer's own arbiters (create / new version, list,
// versions) next to the built-in ones every key can read.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireApiKey, useApiKeyAuth } from '../api-keys/api-key-auth.ts';
import { ARBITERS_RATE_PER_MINUTE, LEGAL_TEXT_BODY_LIMIT_BYTES } from '../constants.ts';
import type { Database } from '../db/database.ts';
import { checkCustomArbiterAllowed } from '../decide/entitlements-check.ts';
import { HttpError } from '../http/errors.ts';
import { perApiKey } from '../http/rate-limits.ts';
import { compilePool } from '../public-compiler/compile-pool.ts';
import type { ArbiterSource } from './arbiter-source.ts';
import { findArbiter, listArbiters, listVersions, saveArbiterVersion } from './arbiter-store.ts';
import { compileOptionsSchema, compileOrFail, jurisdictionSchema } from './compile-arbiter.ts';
import { BUILT_IN_ARBITERS, BUILT_IN_VERSION, builtInArbiter, builtInDigest, builtInPolicy } from './built-in-arbiters.ts';

export const ARBITER_NAME = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'an arbiter name is letters, digits, spaces, dots, dashes and underscores')
  .refine((name) => !builtInArbiter(name), 'that name is a built-in arbiter: choose another')
  .refine((name) => !name.startsWith('arb_'), "a name cannot start with 'arb_' (arbiter ids do)");

const createBody = z.union(
  [
    z.object({ name: ARBITER_NAME, source: z.string().min(1) }).strict(),
    z.object({ name: ARBITER_NAME, legalText: z.string(), jurisdiction: jurisdictionSchema.optional(), options: compileOptionsSchema.default({}) }).strict(),
  ],
  { error: 'send a name and either source (the policy as bytebound text) or legalText (the law to compile, with jurisdiction and options if you like)' },
);
const idParams = z.object({ id: z.string().min(1).max(100) }).strict();

/**
 * Loads .bb text as an arbiter's source in the compile worker, in `client`'s turn; a text that does
 * not parse (or whose digest does not match) is a 400 that says where.
 */
export async function loadArbiterSource(text: string, client: string): Promise<ArbiterSource> {
  const loaded = await compilePool().load(text, client);
  if ('error' in loaded) throw new HttpError(400, loaded.error);
  return loaded;
}

/** Keeps `source` as the next version of the customer's arbiter `name` (a new arbiter if none), when their plan allows it. */
export async function keepArbiter(db: Database, customerId: string, name: string, source: ArbiterSource) {
  await checkCustomArbiterAllowed(db, customerId, name, source.rules);
  return saveArbiterVersion(db, { customerId, name, source: source.text, digest: source.digest, rules: source.rules });
}

export async function arbiterRoutes(app: FastifyInstance): Promise<void> {
  useApiKeyAuth(app);
  const guard = {
    preValidation: [requireApiKey(app, 'arbiters')],
    config: perApiKey(ARBITERS_RATE_PER_MINUTE),
  };

  app.post('/api/v1/arbiters', { ...guard, bodyLimit: LEGAL_TEXT_BODY_LIMIT_BYTES, schema: { body: createBody } }, async (request, reply) => {
    const body = request.body as z.infer<typeof createBody>;
    const customerId = request.apiKey!.customerId;
    const source =
      'source' in body
        ? await loadArbiterSource(body.source, `customer:${customerId}`)
        : (await compileOrFail(body.legalText, { jurisdiction: body.jurisdiction, options: body.options }, `customer:${customerId}`, { name: 'arbiter' })).finished;
    const { arbiter, created } = await keepArbiter(app.db, customerId, body.name, source);
    return reply.status(created ? 201 : 200).send(arbiter);
  });

  app.get('/api/v1/arbiters', guard, async (request) => {
    const own = await listArbiters(app.db, request.apiKey!.customerId);
    const builtIn = BUILT_IN_ARBITERS.map((a) => {
      return { id: a.name, name: a.name, title: a.title, version: BUILT_IN_VERSION, digest: builtInDigest(a), rules: builtInPolicy(a).rules.length, builtIn: true };
    });
    return { arbiters: [...builtIn, ...own] };
  });

  app.get('/api/v1/arbiters/:id/versions', { ...guard, schema: { params: idParams } }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const builtIn = builtInArbiter(id);
    if (builtIn) {
      const versions = [{ version: BUILT_IN_VERSION, digest: builtInDigest(builtIn), rules: builtInPolicy(builtIn).rules.length, createdAt: null }];
      return { id: builtIn.name, name: builtIn.name, builtIn: true, versions };
    }
    const arbiter = await findArbiter(app.db, request.apiKey!.customerId, id);
    if (!arbiter) throw new HttpError(404, `Unknown arbiter '${id}'`);
    return { id: arbiter.id, name: arbiter.name, builtIn: false, versions: await listVersions(app.db, arbiter.id) };
  });
}
