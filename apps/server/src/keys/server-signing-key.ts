// The server's signing identity: SIGNING_KEY when given (so several instances sign as one), else a
// key created on first start in the data directory with mode 0600. Every key that ever signed is
// kept in `signing_keys`, so rotation never invalidates an old bundle or checkpoint.
import path from 'node:path';
import { readOrCreateKeyFile } from '@bytebound/engine/key-file';
import { makeFolder } from '@bytebound/engine/make-folder';
import { type PublicJwk, type SigningKey, generateSigningKey, parseSigningKey, privateKeyPem } from '@bytebound/engine/signing-keys';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

export const SIGNING_KEY_FILE = 'signing-key.pem';

/** Reads SIGNING_KEY (PKCS8 PEM or base64 of the 32-byte seed) or the data directory's key, creating it once. */
export function loadServerSigningKey(config: Pick<Config, 'signingKey' | 'dataDir'>): SigningKey {
  if (config.signingKey) {
    try {
      return parseSigningKey(config.signingKey);
    } catch (error) {
      throw new Error(`SIGNING_KEY: ${(error as Error).message}`);
    }
  }
  const file = path.join(config.dataDir, SIGNING_KEY_FILE);
  makeFolder(config.dataDir);
  // If another instance created it first, its key is the one.
  const text = readOrCreateKeyFile(file, () => privateKeyPem(generateSigningKey()));
  try {
    return parseSigningKey(text);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/** How recently a key must have signed a decision for its retirement to be reported: another instance may still be signing with it. */
export const STILL_SIGNING_MS = 10 * 60_000;
/** How many of the log's newest bundles are looked at for those decisions. */
const NEWEST_BUNDLES_READ = 1_000;

/**
 * Records the key as the current one; a new key retires the previous ones (their public keys stay
 * published). Answers the keys it retired that signed one of the log's NEWEST_BUNDLES_READ newest
 * decisions within STILL_SIGNING_MS: an instance of the same database holding another
 * SIGNING_KEY, or one not yet restarted in a rotation.
 */
export async function recordSigningKey(db: Database, key: SigningKey, now = Date.now()): Promise<{ retiredWhileSigning: string[] }> {
  const existing = await db.selectFrom('signing_keys').select(['key_id', 'retired_at']).where('key_id', '=', key.keyId).executeTakeFirst();
  if (existing && existing.retired_at === null) return { retiredWhileSigning: [] };
  const retired = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('signing_keys')
      .set({ retired_at: now })
      .where('retired_at', 'is', null)
      .where('key_id', '!=', key.keyId)
      .returning('key_id')
      .execute();
    if (existing) {
      await trx.updateTable('signing_keys').set({ retired_at: null }).where('key_id', '=', key.keyId).execute();
    } else {
      await trx
        .insertInto('signing_keys')
        .values({ key_id: key.keyId, public_jwk: JSON.stringify(key.publicJwk), created_at: now, retired_at: null })
        .onConflict((oc) => oc.column('key_id').doNothing())
        .execute();
    }
    return rows.map((r) => r.key_id);
  });
  if (retired.length === 0) return { retiredWhileSigning: [] };
  // Among the log's newest entries only (by its leaf index): a start never reads more than these.
  const signing = await db
    .selectFrom((eb) => eb.selectFrom('proof_bundles').select(['key_id', 'created_at']).orderBy('leaf_index', 'desc').limit(NEWEST_BUNDLES_READ).as('newest'))
    .select('key_id')
    .distinct()
    .where('created_at', '>=', now - STILL_SIGNING_MS)
    .where('key_id', 'in', retired)
    .orderBy('key_id')
    .execute();
  return { retiredWhileSigning: signing.map((r) => r.key_id) };
}

/** Every public key that signed for this server, current and retired, as a JWK set. */
export async function publicJwkSet(db: Database): Promise<{ keys: PublicJwk[] }> {
  const rows = await db.selectFrom('signing_keys').selectAll().orderBy('created_at').orderBy('key_id').execute();
  return {
    keys: rows.map((row) => ({
      ...(JSON.parse(row.public_jwk) as PublicJwk),
      created: new Date(row.created_at).toISOString(),
      retired: row.retired_at === null ? null : new Date(row.retired_at).toISOString(),
    })),
  };
}
