// Retention of accounts (DESIGN section 8: configurable retention, like leads and bookings): an
// account nobody has signed in to, and whose API keys nobody has used, for ACCOUNT_RETENTION_DAYS
// is deleted as its owner would delete it (account-data.ts), after a notice by email at least
// ACCOUNT_RETENTION_NOTICE_DAYS before. Any activity after the notice keeps the account, and a
// later spell of inactivity gets a notice of its own. Accounts that pay for a plan, or are under
// an enterprise contract, are kept whatever their activity.
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_RETENTION_NOTICE_DAYS } from '../auth/account-constants.ts';
import { SELF_SERVE_PLANS } from '../billing/plans.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../email/mailer.ts';
import { inactiveAccountEmail } from '../email/messages.ts';
import type { RetentionPolicy } from '../retention/retention.ts';
import { DAY_MS } from '../retention/retention-periods.ts';
import { accountDataRights } from './account-data.ts';

const NOTICE_MS = ACCOUNT_RETENTION_NOTICE_DAYS * DAY_MS;
/** Subscriptions that still pay (past_due is being retried): their accounts are never deleted as inactive. */
const PAYING_STATUSES = ['active', 'trialing', 'past_due'];

export function accountRetention(config: Config, mailer: Mailer, log: FastifyBaseLogger): RetentionPolicy {
  const periodMs = config.accountRetentionDays * DAY_MS;
  return {
    name: 'inactive accounts',
    periodMs,
    purge: async (db, cutoff, now) => {
      const noticeFrom = cutoff + NOTICE_MS;
      let deleted = 0;
      for (const account of await inactiveSince(db, noticeFrom)) {
        const { activeAt } = account;
        if (account.retention_notice_at === null || Number(account.retention_notice_activity) !== activeAt) {
          // Told no sooner than NOTICE_MS before its period ends, the account goes at the first run
          // NOTICE_MS from now: by then the period has ended too.
          const deletion = now + NOTICE_MS;
          try {
            await mailer.send(inactiveAccountEmail(account.email, account.first_name, new Date(activeAt), new Date(deletion), config.accountRetentionDays, `${config.publicUrl}/auth/sign-in`));
          } catch (error) {
            // Not told, not deleted: the next run tries again.
            log.error({ err: error, account: account.id }, 'the notice of an inactive account could not be sent');
            continue;
          }
          await db.updateTable('accounts').set({ retention_notice_at: now, retention_notice_activity: activeAt }).where('id', '=', account.id).execute();
          log.info({ account: account.id, deletion: new Date(deletion).toISOString() }, 'inactive account told of its deletion');
        } else if (activeAt < cutoff && Number(account.retention_notice_at) <= now - NOTICE_MS) {
          await accountDataRights.erase(db, { email: account.email, accountId: account.id });
          deleted++;
        }
      }
      return deleted;
    },
  };
}

/**
 * Accounts that may be deleted, with no activity since `since`: no sign-in (nor registration), no
 * API key used, no paid plan still running, no contract. `activeAt` is the last of those times.
 */
async function inactiveSince(db: Database, since: number) {
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'email', 'first_name', 'created_at', 'last_active_at', 'retention_notice_at', 'retention_notice_activity'])
    .select((eb) =>
      eb
        .selectFrom('api_keys')
        .select((keys) => keys.fn.max('api_keys.last_used_at').as('used'))
        .whereRef('api_keys.customer_id', '=', 'accounts.id')
        .as('last_key_use'),
    )
    .where('last_active_at', '<', since)
    .where('created_at', '<', since)
    .where('contract', 'is', null)
    .where((eb) => eb.not(eb.and([eb('plan', 'in', [...SELF_SERVE_PLANS, 'enterprise']), eb('plan_status', 'in', PAYING_STATUSES)])))
    .execute();
  return accounts
    .map((a) => ({ ...a, activeAt: Math.max(Number(a.created_at), Number(a.last_active_at), Number(a.last_key_use ?? 0)) }))
    .filter((a) => a.activeAt < since);
}
