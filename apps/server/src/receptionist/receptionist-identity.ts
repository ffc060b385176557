// The receptionist's own customer identity (spec: "Receptionist customer config"), created on first
// start and never literal in the source: a customer id and two keys. The publishable key (scope
// 'receptionist') is handed to the site by GET /api/poc-ai-chat/session and opens nothing else;
// the internal key (scope 'decide') stays on the server for the receptionist's MCP compliance check.
// Both secrets are stored like every key's: hashed for bearer use and sealed with the data key.
import crypto from 'node:crypto';
import { dataKeyOf } from '../api-keys/api-key-auth.ts';
import { createApiKey, findApiKey, revokeApiKey, unsealSecret } from '../api-keys/api-key-store.ts';
import { API_KEY_PREFIX } from '../constants.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

export type ReceptionistIdentity = { customerId: string; publishableKey: string; publishableKeyId: string; internalKey: string };

const IDENTITY_ROW = 'receptionist';

async function keyOf(db: Database, config: Config, id: string): Promise<string> {
  const row = await findApiKey(db, id);
  if (!row) throw new Error(`the receptionist's API key ${id} is missing`);
  return `${API_KEY_PREFIX}${row.id}_${unsealSecret(dataKeyOf(config), row)}`;
}

export async function ensureReceptionistIdentity(db: Database, config: Config, now = Date.now()): Promise<ReceptionistIdentity> {
  let row = await db.selectFrom('customer_configs').selectAll().where('id', '=', IDENTITY_ROW).executeTakeFirst();
  if (!row) {
    const customerId = `cust_receptionist_${crypto.randomBytes(8).toString('hex')}`;
    const dataKey = dataKeyOf(config);
    const publishable = await createApiKey(db, dataKey, { customerId, name: 'Bytebound Receptionist (publishable)', scopes: ['receptionist'] }, now);
    const internal = await createApiKey(db, dataKey, { customerId, name: 'Bytebound Receptionist (compliance check)', scopes: ['decide'] }, now);
    const inserted = await db
      .insertInto('customer_configs')
      .values({ id: IDENTITY_ROW, customer_id: customerId, publishable_key_id: publishable.id, internal_key_id: internal.id, created_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      // Another instance created the identity first: these two keys are not needed.
      await revokeApiKey(db, publishable.id, now);
      await revokeApiKey(db, internal.id, now);
    }
    row = await db.selectFrom('customer_configs').selectAll().where('id', '=', IDENTITY_ROW).executeTakeFirstOrThrow();
  }
  return {
    customerId: row.customer_id,
    publishableKeyId: row.publishable_key_id,
    publishableKey: await keyOf(db, config, row.publishable_key_id),
    internalKey: await keyOf(db, config, row.internal_key_id),
  };
}
