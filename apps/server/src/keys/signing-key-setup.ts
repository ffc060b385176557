// Gives the app its signing key (app.signingKey) and publishes the public keys at GET /api/v1/keys.
import type { SigningKey } from '@bytebound/engine/signing-keys';
import type { FastifyInstance } from 'fastify';
import { keyRoutes } from './key-routes.ts';
import { loadServerSigningKey, recordSigningKey } from './server-signing-key.ts';

declare module 'fastify' {
  interface FastifyInstance {
    signingKey: SigningKey;
  }
}

export async function setUpSigningKey(app: FastifyInstance): Promise<void> {
  const key = loadServerSigningKey(app.config);
  await recordSigningKey(app.db, key);
  app.decorate('signingKey', key);
  await app.register(keyRoutes);
}
