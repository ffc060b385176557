// What a customer's plan allows the decision API (DESIGN section 8): the monthly quota (429), the
// built-in arbiters of the plan, and the number and size of custom arbiters (403). Customers
// without an account (keys an operator made with `bytebound keys create`) are not limited here.
import { type AccountTerms, termsOf } from '../billing/entitlements.ts';
import type { Database } from '../db/database.ts';
import { recentReads } from '../db/recent-reads.ts';
import type { AccountsTable } from '../db/tables.ts';
import { HttpError } from '../http/errors.ts';
import { builtInArbiter } from '../arbiters/built-in-arbiters.ts';
import { decisionUsage } from './decision-recorder.ts';

type PlanRow = Pick<AccountsTable, 'plan' | 'plan_status' | 'trial_ends_at' | 'contract'>;

/** Each decision checks its customer's plan: there the row (or its absence) is kept for a second. */
const recentPlans = recentReads<PlanRow | null>();

/** Called after a plan changes or an account is erased: the next decision reads it again. */
export function forgetAccountPlans(db: Database): void {
  recentPlans.forget(db);
}

async function planRow(db: Database, customerId: string): Promise<PlanRow | null> {
  return (await db.selectFrom('accounts').select(['plan', 'plan_status', 'trial_ends_at', 'contract']).where('id', '=', customerId).executeTakeFirst()) ?? null;
}

/** The customer's plan or contract as a decision sees it (read at most once a second); null without an account. */
async function currentTerms(db: Database, customerId: string, now: number): Promise<AccountTerms | null> {
  const row = await recentPlans.get(db, customerId, () => planRow(db, customerId));
  return row ? termsOf(row, now) : null;
}

/**
 * What this process has in flight for a customer: the decisions admitted and not yet recorded, the
 * checks reading the month's use, and how many decisions have settled (been recorded, or failed)
 * while they read. The quota counts the admitted with the recorded ones, or decisions sent together
 * at the end of a month's allowance all passed the check before any was recorded (1,016 of 1,000,
 * fifty at a time). A decision that settles while a check reads may or may not be in what the read
 * returns, so that check counts it once more: a decision can be refused a moment early, but none is
 * admitted past the quota. Kept only while something is in flight.
 */
type InFlight = { admitted: number; reading: number; settled: number };
const inFlight = new Map<string, InFlight>();

function inFlightFor(customerId: string): InFlight {
  let entry = inFlight.get(customerId);
  if (!entry) inFlight.set(customerId, (entry = { admitted: 0, reading: 0, settled: 0 }));
  return entry;
}

function forgetIfIdle(customerId: string, entry: InFlight): void {
  if (entry.admitted === 0 && entry.reading === 0) inFlight.delete(customerId);
}

/** The month's use as a check must count it: recorded, admitted and not yet recorded, and settled while it was read. */
async function monthUse(db: Database, customerId: string, now: number): Promise<{ recorded: number; counted: number }> {
  const entry = inFlightFor(customerId);
  entry.reading += 1;
  const settledBefore = entry.settled;
  try {
    const recorded = await decisionUsage(db, customerId, now);
    return { recorded, counted: recorded + entry.admitted + (entry.settled - settledBefore) };
  } finally {
    entry.reading -= 1;
    forgetIfIdle(customerId, entry);
  }
}

const nothingToRelease = () => {};

/**
 * Throws 429 over the monthly quota (or after the trial), 403 for a built-in arbiter outside the
 * plan. The month's use is the customer's decision_usage row, which the decision recorder updates
 * in the transaction that records each decision (one row read, however long the log grows), with
 * what is in flight (monthUse). With `admit`, the decision is counted among those admitted until
 * the returned function is called; the count and the check run with no await between them, so
 * decisions checked together see each other.
 */
async function checkEntitlements(db: Database, customerId: string, arbiterRefs: readonly string[], now: number, admit: boolean): Promise<() => void> {
  const account = await currentTerms(db, customerId, now);
  if (!account) return nothingToRelease;
  if (account.trialExpired) throw new HttpError(429, 'Your 14-day trial has ended. Choose a plan on your account page to keep making decisions.');
  const limit = account.entitlements.apiCallsPerMonth;
  if (limit >= 0) {
    const use = await monthUse(db, customerId, now);
    if (use.counted >= limit) {
      // A decision recorded a moment ago can be counted twice here, recorded and not yet released:
      // the answer says no more than the limit, which this instance never admits past.
      const made = Math.max(use.recorded, limit);
      throw new HttpError(
        429,
        `Monthly quota reached: your ${account.label} includes ${limit.toLocaleString('en-US')} API calls a month and ${made.toLocaleString('en-US')} were made. ${account.forMore} or wait for next month.`,
      );
    }
  }
  const allowed = account.entitlements.builtInArbiters;
  if (allowed !== 'all') {
    for (const ref of arbiterRefs) {
      const builtIn = builtInArbiter(ref);
      if (builtIn && !allowed.includes(builtIn.regulation)) {
        throw new HttpError(
          403,
          `The ${builtIn.regulation} arbiter is not part of your ${account.label}, which includes ${allowed.join(' and ')}. ${account.forMore} to use it.`,
        );
      }
    }
  }
  if (!admit || limit < 0) return nothingToRelease;
  const entry = inFlightFor(customerId);
  entry.admitted += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    entry.admitted -= 1;
    entry.settled += 1;
    forgetIfIdle(customerId, entry);
  };
}

/** Throws as a decision over the plan would (429 over the quota, 403 for an arbiter outside it), for a check that is not recorded (the playground). */
export async function checkDecisionAllowed(db: Database, customerId: string, arbiterRefs: readonly string[], now = Date.now()): Promise<void> {
  await checkEntitlements(db, customerId, arbiterRefs, now, false);
}

/**
 * Admits a decision the plan allows (throwing as checkDecisionAllowed otherwise) and counts it
 * against the quota until the returned function is called, once it is recorded or has failed.
 */
export function admitDecision(db: Database, customerId: string, arbiterRefs: readonly string[], now = Date.now()): Promise<() => void> {
  return checkEntitlements(db, customerId, arbiterRefs, now, true);
}

/** Of the built-in arbiters `refs`, those the customer's plan includes (all of them without an account). */
export async function builtInArbitersInPlan(db: Database, customerId: string, refs: readonly string[], now = Date.now()): Promise<string[]> {
  const allowed = (await currentTerms(db, customerId, now))?.entitlements.builtInArbiters ?? 'all';
  if (allowed === 'all') return [...refs];
  return refs.filter((ref) => {
    const builtIn = builtInArbiter(ref);
    return builtIn === undefined || allowed.includes(builtIn.regulation);
  });
}

/** Throws 403 when saving `name` with `rules` rules would exceed the custom arbiters of the plan or contract. */
export async function checkCustomArbiterAllowed(db: Database, customerId: string, name: string, rules: number): Promise<void> {
  const row = await planRow(db, customerId);
  if (!row) return;
  const account = termsOf(row);
  const { customArbiters, rulesPerArbiter } = account.entitlements;
  if (customArbiters === 0) throw new HttpError(403, `Your ${account.label} includes no custom arbiters. ${account.forMore} to keep your own policies.`);
  if (rulesPerArbiter >= 0 && rules > rulesPerArbiter) {
    throw new HttpError(403, `This policy has ${rules} rules; your ${account.label} allows up to ${rulesPerArbiter} rules per custom arbiter.`);
  }
  if (customArbiters < 0) return;
  const existing = await db.selectFrom('arbiters').select(['name']).where('customer_id', '=', customerId).execute();
  if (!existing.some((a) => a.name === name) && existing.length >= customArbiters) {
    const arbiters = customArbiters === 1 ? '1 custom arbiter, and it is' : `${customArbiters} custom arbiters, and all are`;
    throw new HttpError(403, `Your ${account.label} includes ${arbiters} in use. Save a new version of ${customArbiters === 1 ? 'it' : 'one of them'}, or ${account.forMore.toLowerCase()}.`);
  }
}
