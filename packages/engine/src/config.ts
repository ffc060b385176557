// Constants of the proof and audit half of the engine, in one place.

/** DSSE payload type of a signed decision (DESIGN section 5). */
export const DECISION_PAYLOAD_TYPE = 'application/vnd.bytebound.decision+json';

/** DSSE payload type of a signed audit-log checkpoint. */
export const CHECKPOINT_PAYLOAD_TYPE = 'application/vnd.bytebound.checkpoint+json';

/** The name every checkpoint carries, so a checkpoint of another log cannot be passed off as ours. */
export const AUDIT_LOG_ORIGIN = 'bytebound audit log v1';

/** The stream's "proof bundle generated every 10 decisions" (spec section 9): a checkpoint is signed every this many leaves. */
export const CHECKPOINT_EVERY_DECISIONS = 10;

/** Bytes of randomness in a decision's nonce (128 bits). */
export const NONCE_BYTES = 16;

/** Bytes of a keyed-commitment key (HMAC-SHA256 key, 256 bits). */
export const COMMITMENT_KEY_BYTES = 32;
/** The longest reference to a data subject a decision may carry (the decision API's and the MCP decide tool's `subject`). */
export const MAX_SUBJECT_REFERENCE_LENGTH = 256;

/** Prefixes that say which algorithm produced a value. */
export const DIGEST_PREFIX = 'sha256:';
export const COMMITMENT_PREFIX = 'hmac-sha256:';
