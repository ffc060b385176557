// GET /api/v1/keys: the public keys that verify this server's bundles and checkpoints (a JWK set).
import type { FastifyInstance } from 'fastify';
import { publicJwkSet } from './server-signing-key.ts';

export async function keyRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/keys', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    reply.type('application/jwk-set+json');
    return publicJwkSet(app.db);
  });
}
