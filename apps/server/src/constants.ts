// Server-side limits and timings of spec section 9, named as the spec names them.

export const REQUEST_TIMEOUT_MS = 90_000;

/** Default body limit; routes that take legal text raise their own (the compiler's 1 MB limit must be able to answer). */
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;

/** JSON bodies nest at most this deep: every body of the API is a few levels deep, and deeper ones would only exhaust the stack of code that walks them. */
export const MAX_JSON_DEPTH = 64;

/** WebSocket streams (the demo monitor, the receptionist): a client sends only pings and subscriptions. A larger message closes its socket (1009). */
export const STREAM_MESSAGE_MAX_BYTES = 4 * 1024;
/** Streams open at once from one IP, on each stream route; one more is closed at once (STREAMS_FULL_CODE). */
export const STREAMS_PER_IP = 50;
/** The close code of a stream refused for the number already open (4000 + HTTP's 429). */
export const STREAMS_FULL_CODE = 4429;
/** Messages a client may send on one stream a minute (the site's own clients send none); one more closes it (STREAM_REFUSED_CODE). */
export const STREAM_MESSAGES_PER_MINUTE = 60;
/** Answers queued for a client that does not read them, past which its stream is closed (STREAM_REFUSED_CODE). */
export const STREAM_QUEUED_MAX_BYTES = 1024 * 1024;
/** The close code of a stream that sent too many messages or stopped reading (WebSocket's policy violation). */
export const STREAM_REFUSED_CODE = 1008;
/** How long a closed stream waits for its client's close frame before its connection is cut (ws waits 30 s by default). */
export const STREAM_CLOSE_TIMEOUT_MS = 2_000;

/** Client logger: the browser flushes every 5 s or 100 entries; the endpoint accepts at most one batch of that size. */
export const CLIENT_LOG_BATCH_MAX = 100;
export const CLIENT_LOG_MESSAGE_MAX = 2_000;
export const CLIENT_LOG_LEVEL_MAX = 8;
/** How many client log rows are kept; older rows are pruned as new ones arrive. */
export const CLIENT_LOG_ROWS_KEPT = 10_000;
export const CLIENT_LOG_RATE_PER_MINUTE = 30;

// ---- API keys, arbiters and the decision API (DESIGN sections 3 and 5).

/** Keys look like bb_live_<id>_<secret>; the secret has this many random bytes (256 bits, at least 128 required). */
export const API_KEY_PREFIX = 'bb_live_';
export const API_KEY_ID_BYTES = 8;
export const API_KEY_SECRET_BYTES = 32;
/** What a key may do; a key made without --scope gets all of them. */
export const API_KEY_SCOPES = ['decide', 'arbiters', 'receptionist'] as const;
/** HMAC-signed requests: a signature is valid this long around its timestamp and is refused a second time. */
export const HMAC_SIGNATURE_WINDOW_SECONDS = 5 * 60;

/** Spec section 9 (performance): each arbiter must answer within 5,000 ms, at most 10 per decision (the compiler's config holds them). */
export { ARBITER_TIMEOUT_MS, MAX_PARALLEL_ARBITERS } from '@bytebound/compiler/config';
/** Loaded policies kept in memory by digest (spec section 9's "LRU cache 10K entries"). */
export const POLICY_CACHE_ENTRIES = 10_000;
/**
 * ...and at most this much policy among them, measured as the length of each policy's JSON form: a
 * bound on memory whatever the policies' sizes (10,000 inline policies of 1 MB would not fit).
 */
export const POLICY_CACHE_CHARACTERS = 64 * 1024 * 1024;
/**
 * A policy still loading after this long in the policy loader's thread is stopped (the thread is
 * replaced). No text the server accepts comes near it (the largest load in a few tenths of a
 * second); a decision waiting for it has denied at the arbiter timeout already.
 */
export const POLICY_LOAD_TIMEOUT_MS = 10_000;
/**
 * How long an instance reuses an API key, arbiter or plan row it has read for the decision API. Changes
 * made through the same instance apply at once; a revocation or new version made through another
 * instance (several servers on one PostgreSQL) applies within this time.
 */
export const RECENT_READ_TTL_MS = 1_000;
/** Per API key, per minute. */
export const DECIDE_RATE_PER_MINUTE = 6_000;
export const ARBITERS_RATE_PER_MINUTE = 120;
/** Per API key, per minute: erasing data subjects (POST /api/v1/subjects/erase). */
export const SUBJECT_ERASURE_RATE_PER_MINUTE = 600;
/** Per signed-in account, per minute: the account page's API, checkout and the operators' leads (a page opens with five calls). */
export const ACCOUNT_REQUESTS_PER_MINUTE = 120;
/** Per IP, per minute: checkpoints, inclusion and consistency proofs and single bundles (each signs a checkpoint or reads O(log n) rows); a whole log is one export. */
export const AUDIT_READS_PER_MINUTE = 600;
/**
 * Per IP, per minute: requests whose API key, signature or session token does not check out; past
 * this the address's credentials are refused (429) until the minute ends (auth/failed-credentials.ts).
 */
export const FAILED_CREDENTIALS_PER_MINUTE = 60;
/** Per IP, per minute: pages and buttons behind a token in a link (a data-rights request, the built-in test checkout). */
export const LINK_PAGES_PER_MINUTE = 30;
/** Per IP, per minute, for the public compiler endpoints. */
export const PUBLIC_COMPILER_RATE_PER_MINUTE = 30;
/** Inline policies and requests in the decision API. */
export const DECIDE_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * The longest policy a compile of the server answers (any format): about 2,300 norms in SQL, the
 * largest, and 5,000 in bytebound; a whole regulation compiles to a few MB. A longer output is a
 * failed compile that points to the CLI (public-compiler/compile-worker.ts).
 */
export const COMPILE_OUTPUT_MAX_CHARS = 8_000_000;
/** Legal text bodies: above the compiler's own 1 MB limit, so that its clear error is what the caller sees. */
export const LEGAL_TEXT_BODY_LIMIT_BYTES = 1_536 * 1024;
/**
 * Per IP (per API key with one), per minute: inline policy text the server has not seen before, on
 * the decision API, the MCP endpoint and the playground. Parsing and loading one takes the server's
 * thread for about 0.1 s a megabyte (decide/new-policy-budget.ts); a policy sent again is not counted.
 */
export const NEW_POLICY_BYTES_PER_MINUTE = 4 * 1_048_576;
/** Per IP, per minute: the playground's decision endpoint (an inline policy decided, nothing signed or stored). */
export const VALIDATE_SYNTAX_RATE_PER_MINUTE = 120;
/** Statutes parsed and kept for parse-statute's cache (cache_status HIT on a repeat). */
export const STATUTE_CACHE_ENTRIES = 100;

// ---- The receptionist (issue 8, DESIGN section 7).

/** A visitor message is 1..1,000 characters after trimming (the client cuts longer text). */
export const RECEPTIONIST_MESSAGE_MAX_CHARS = 1_000;
/** Per visitor session and per IP, per minute. */
export const RECEPTIONIST_MESSAGES_PER_SESSION_PER_MINUTE = 20;
export const RECEPTIONIST_RATE_PER_IP_PER_MINUTE = 120;
/** New sessions per IP per minute. */
export const RECEPTIONIST_SESSIONS_PER_IP_PER_MINUTE = 30;
/** Compliance streams open at once for one visitor session (a few tabs). */
export const RECEPTIONIST_STREAMS_PER_SESSION = 5;
/** The stream's proof bundle list: one signed checkpoint per this many receptionist decisions, the last 20 sent on connect. */
export const RECEPTIONIST_CHECKPOINT_EVERY = 10;
export const RECEPTIONIST_CHECKPOINTS_SENT = 20;
/** The LLM endpoint must answer within this time, or the embedded reply is used (fallback). */
export const RECEPTIONIST_LLM_TIMEOUT_MS = 10_000;
/** Free slots offered in the chat. */
export const RECEPTIONIST_SLOTS_OFFERED = 3;
