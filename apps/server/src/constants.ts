// Server-side limits and timings of spec section 9, named as the spec names them.

export const REQUEST_TIMEOUT_MS = 90_000;

/** Default body limit; routes that take legal text raise their own (the compiler's 1 MB limit must be able to answer). */
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;

/** Client logger: the browser flushes every 5 s or 100 entries; the endpoint accepts at most one batch of that size. */
export const CLIENT_LOG_BATCH_MAX = 100;
export const CLIENT_LOG_MESSAGE_MAX = 2_000;
export const CLIENT_LOG_LEVEL_MAX = 8;
/** How many client log rows are kept; older rows are pruned as new ones arrive. */
export const CLIENT_LOG_ROWS_KEPT = 10_000;
export const CLIENT_LOG_RATE_PER_MINUTE = 30;
