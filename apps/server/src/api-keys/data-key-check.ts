// Every server instance sharing a database must hold the same data key: the secrets one instance
// seals (API keys' HMAC secrets, commitment keys, webhook secrets), the others open. The database
// keeps a sentinel sealed with the key it first met; a server or CLI holding another key refuses to
// go on and says why, instead of failing request by request (HMAC-signed calls, decisions whose
// commitment key another instance made, webhook deliveries) or sealing secrets no one else opens.
import type { Database } from '../db/database.ts';
import { unsealSecret } from './api-key-store.ts';
import { type DataKey, decryptSecret, encryptSecret } from './data-key.ts';

const SENTINEL = 'the data key of this database';
const SENTINEL_CONTEXT = 'data-key-check:1';

export const DATA_KEY_MISMATCH =
  "DATA_KEY: this database's secrets are sealed with another data key. Every server instance and CLI using this database needs the same DATA_KEY, or the data directory whose data.key sealed them (docs/deployment.md)";

function opens(attempt: () => unknown): boolean {
  try {
    attempt();
    return true;
  } catch {
    return false;
  }
}

/** Throws DATA_KEY_MISMATCH unless `dataKey` opens the database's secrets; a new database takes it as its own. */
export async function checkDataKey(db: Database, dataKey: DataKey, now = Date.now()): Promise<void> {
  const readSentinel = () => db.selectFrom('data_key_check').select('sealed').where('id', '=', 1).executeTakeFirst();
  let stored = await readSentinel();
  if (stored === undefined) {
    // A database from before the sentinel: its API keys' secrets say which key it holds.
    const sealedKey = await db.selectFrom('api_keys').selectAll().limit(1).executeTakeFirst();
    if (sealedKey !== undefined && !opens(() => unsealSecret(dataKey, sealedKey))) throw new Error(DATA_KEY_MISMATCH);
    await db
      .insertInto('data_key_check')
      .values({ id: 1, sealed: encryptSecret(dataKey, SENTINEL, SENTINEL_CONTEXT), created_at: now })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    // Read again: another instance starting at the same moment may have stored its sentinel first.
    stored = await readSentinel();
  }
  const { sealed } = stored!;
  if (!opens(() => decryptSecret(dataKey, sealed, SENTINEL_CONTEXT))) throw new Error(DATA_KEY_MISMATCH);
}
