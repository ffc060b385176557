// Retention periods and the job's interval (spec section 9: "audit retention 7 years").
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Proof bundle payloads: 7 years (2,557 days, leap days included) for customers without an account; a plan sets its own (proof-retention.ts). Merkle leaves: forever. */
export const AUDIT_RETENTION_MS = 2_557 * DAY_MS;

/** How often the retention job runs after its run at start. */
export const RETENTION_JOB_INTERVAL_MS = 60 * 60 * 1000;
