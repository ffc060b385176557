// Keys for tests, made the way `bytebound keys create` makes them, and HMAC signing as a client does.
import crypto from 'node:crypto';
import type { ApiKeyScope } from '../../src/api-keys/api-key-store.ts';
import { createApiKey } from '../../src/api-keys/api-key-store.ts';
import { dataKeyOf } from '../../src/api-keys/api-key-auth.ts';
import type { TestApp } from '../helpers/test-app.ts';

export async function newKey(t: Pick<TestApp, 'db' | 'config'>, customerId: string, scopes?: ApiKeyScope[]) {
  return createApiKey(t.db, dataKeyOf(t.config), { customerId, name: `test key of ${customerId}`, scopes });
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** Headers of an HMAC-signed request: t=<unix seconds>,v1=hex(HMAC-SHA256(secret, t + "." + body)). */
export function signedHeaders(key: string, body: string, at = Date.now()) {
  const [, , id, secret] = key.split('_');
  const t = Math.floor(at / 1000);
  const v1 = crypto.createHmac('sha256', secret!).update(`${t}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'x-bytebound-key': id!, 'x-bytebound-signature': `t=${t},v1=${v1}` };
}
