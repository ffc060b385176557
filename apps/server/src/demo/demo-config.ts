// Limits of the free demo compiler's endpoints (spec sections 7 and 9, DESIGN section 8).
export { LEGAL_TEXT_BODY_LIMIT_BYTES as DEMO_BODY_LIMIT_BYTES } from '../constants.ts';

/**
 * Compiles per client address per minute, per endpoint. A compile costs about 5-50 ms of CPU, so
 * this bounds one address to a small share of a core, while a visitor clicking through every
 * template and format (42 compiles) is never stopped.
 */
export const DEMO_COMPILE_RATE_PER_MINUTE = 120;
/** Monitor connections a client may open per minute. */
export const DEMO_MONITOR_RATE_PER_MINUTE = 60;
/** The A/B variants of DESIGN section 8. */
export const AB_TEST_VARIANTS = ['A', 'B'] as const;
/** Stage events of a compilation are kept this long so a monitor that connects late still sees them. */
export const MONITOR_REPLAY_MS = 60_000;
/** At most this many compilations' events are kept for replay. */
export const MONITOR_REPLAY_ENTRIES = 1_000;
/** A monitor socket that has not asked to watch a compilation for this long is closed. */
export const MONITOR_IDLE_MS = 60_000;
/** Compilations one monitor socket watches at once (a page watches its latest compile): a new one beyond this ends the oldest watch. */
export const MONITOR_WATCHES_PER_SOCKET = 10;
/** The legacy envelope has no format: it compiles to the native format. */
export const ENVELOPE_FORMAT = 'bytebound';
