// Gives the app its signing key (app.signingKey) and publishes the public keys at GET /api/v1/keys.
import type { SigningKey } from '@bytebound/engine/signing-keys';
import type { FastifyInstance } from 'fastify';
import { keyRoutes } from './key-routes.ts';
import { loadServerSigningKey, recordSigningKey, STILL_SIGNING_MS } from './server-signing-key.ts';

declare module 'fastify' {
  interface FastifyInstance {
    signingKey: SigningKey;
  }
}

export async function setUpSigningKey(app: FastifyInstance): Promise<void> {
  const key = loadServerSigningKey(app.config);
  const { retiredWhileSigning } = await recordSigningKey(app.db, key);
  if (retiredWhileSigning.length > 0) {
    app.log.warn(
      { retiredKeys: retiredWhileSigning, keyId: key.keyId },
      `Signing with key ${key.keyId} retires ${retiredWhileSigning.join(', ')}, which signed decisions in the last ${STILL_SIGNING_MS / 60_000} minutes: ` +
        'instances sharing a database must share SIGNING_KEY (docs/deployment.md). During a rotation this lasts until every instance runs with the new key.',
    );
  }
  app.decorate('signingKey', key);
  await app.register(keyRoutes);
}
