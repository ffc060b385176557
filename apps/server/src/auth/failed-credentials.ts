// Failed credentials per client address: a request whose API key, signature or session token does
// not check out counts against its address (in rate_limit_counters, through the rate-limit store,
// so the instances on one PostgreSQL database add to one count). At FAILED_CREDENTIALS_PER_MINUTE
// over the last minute (the rate limits' sliding-window estimate), the address's credentials are
// refused with a 429, before any lookup, until one more failure would be within the limit: guessing
// keys or tokens costs the server nothing more. Valid credentials never count, and
// checking a request is one look in this instance's list of refused addresses (an instance learns
// of an address another refused at its own next failure from there).
import type { FastifyRequest } from 'fastify';
import { FAILED_CREDENTIALS_PER_MINUTE } from '../constants.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { databaseRateLimitStore } from '../http/rate-limit-store.ts';

const MINUTE_MS = 60_000;

export const refusedMessage = (seconds: number) =>
  `Too many requests with a wrong API key or session from this address: check the key, or sign in again, and retry in ${seconds} seconds.`;

class FailedCredentials {
  /** Addresses refused, with the end of their refusal. */
  private readonly refused = new Map<string, number>();
  private readonly counts;

  constructor(db: Database) {
    this.counts = new (databaseRateLimitStore(db))('failed-credentials:');
  }

  /** Throws the 429 (with Retry-After) while the request's address is refused. */
  check(request: FastifyRequest, now = Date.now()): void {
    if (this.refused.size === 0) return; // the usual case: the address (parsed under TRUST_PROXY) is not even read
    const address = request.ip;
    const until = this.refused.get(address);
    if (until === undefined) return;
    if (until <= now) {
      this.refused.delete(address);
      return;
    }
    const seconds = Math.ceil((until - now) / 1000);
    throw new HttpError(429, refusedMessage(seconds), undefined, { 'retry-after': String(seconds) });
  }

  /**
   * Counts a failure of `address`; refuses it once the last minute's count reaches the limit, for
   * as long as the store says one more would be past it.
   */
  record(address: string): Promise<void> {
    const withinLimit = FAILED_CREDENTIALS_PER_MINUTE - 1;
    return new Promise((resolve) => {
      this.counts.incr(
        address,
        (error, { current, ttl }) => {
          // A count that could not be written refuses no one: the failure answers its 401 all the same.
          if (!error && current > withinLimit) this.refuse(address, Date.now() + ttl);
          resolve();
        },
        MINUTE_MS,
        withinLimit,
      );
    });
  }

  private refuse(address: string, until: number): void {
    const now = Date.now();
    for (const [other, end] of this.refused) if (end <= now) this.refused.delete(other);
    this.refused.set(address, until);
  }
}

const ofDatabase = new WeakMap<Database, FailedCredentials>();

function failedCredentialsOf(db: Database): FailedCredentials {
  let failures = ofDatabase.get(db);
  if (!failures) {
    failures = new FailedCredentials(db);
    ofDatabase.set(db, failures);
  }
  return failures;
}

/**
 * Checks the credentials a request presents with `check`, refused with a 429 while its address is;
 * a 401 from `check`, or a null answer, counts as a failure of the address.
 */
export async function checkCredentials<T>(db: Database, request: FastifyRequest, check: () => Promise<T | null>): Promise<T | null> {
  const failures = failedCredentialsOf(db);
  failures.check(request);
  let result: T | null;
  try {
    result = await check();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) await failures.record(request.ip);
    throw error;
  }
  if (result === null) await failures.record(request.ip);
  return result;
}
