// Sign-in throttling per account and per IP, kept in the database so every instance sees it: a few
// failures are free, then each further failure doubles the wait before the next attempt. Unknown
// emails are throttled exactly like known ones, so the throttle tells nothing about who has an account.
import { SIGNIN_BASE_DELAY_MS, SIGNIN_FAILURE_WINDOW_MS, SIGNIN_MAX_DELAY_MS } from './account-constants.ts';
import type { Database } from '../db/database.ts';

export type ThrottleKey = { key: string; freeFailures: number };

/** Milliseconds until the next attempt is allowed for any of the keys; 0 when allowed now. */
export async function waitBeforeAttempt(db: Database, keys: ThrottleKey[], now = Date.now()): Promise<number> {
  const rows = await db.selectFrom('auth_throttle').select(['blocked_until']).where('key', 'in', keys.map((k) => k.key)).execute();
  return Math.max(0, ...rows.map((r) => Number(r.blocked_until) - now));
}

export function delayAfter(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(SIGNIN_MAX_DELAY_MS, SIGNIN_BASE_DELAY_MS * 2 ** (failures - freeFailures));
}

export async function recordFailure(db: Database, keys: ThrottleKey[], now = Date.now()): Promise<void> {
  for (const { key, freeFailures } of keys) {
    const row = await db.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
    const previous = row && now - Number(row.updated_at) < SIGNIN_FAILURE_WINDOW_MS ? row.failures : 0;
    const failures = previous + 1;
    const values = { failures, blocked_until: now + delayAfter(failures, freeFailures), updated_at: now };
    if (row) await db.updateTable('auth_throttle').set(values).where('key', '=', key).execute();
    else await db.insertInto('auth_throttle').values({ key, ...values }).onConflict((c) => c.column('key').doUpdateSet(values)).execute();
  }
}

export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}
