// The receptionist's texts and numbers that are not spec section 9's shared constants (those come
// from src/config/constants.ts): the error texts of spec section 8, each for its own view, the
// progress phrases, the GDPR progress labels and the stream's reconnect backoff.

/** Shown in the modal until GET /api/poc-ai-chat/session answers (spec section 2). */
export const INITIALIZING_TEXT = 'Initializing compliance validation...';
export const MODAL_TITLE = 'AI Receptionist Proof of Concept + Live Compliance';

/** Spec section 8, chat panel: an empty reply, and an exception while sending (status blocked). */
export const PANEL_EMPTY_REPLY_TEXT = 'I apologize, but I encountered an issue processing your request.';
export const PANEL_SEND_ERROR_TEXT = 'I apologize, but I encountered an error. Please try again.';

/** Spec section 8, modal chat: the fallback flag, no response text, a null result, an exception. */
export const MODAL_FALLBACK_TEXT = "I apologize, but I'm currently unable to process your request. Our team has been notified.";
export const MODAL_INITIALIZING_TEXT = 'The AI service is initializing. Please try again in a moment.';
export const MODAL_UNREACHABLE_TEXT = 'Unable to connect to the AI service. Please check your connection.';
export const MODAL_ERROR_TEXT = 'An error occurred while processing your message. Please try again.';

/** Spec section 8: the session-timeout text; the server sends the same with code session_expired. */
export const SESSION_EXPIRED_TEXT = 'Session Expired: Your session has expired due to inactivity.';
export const SESSION_EXPIRED_CODE = 'session_expired';

/** The pending placeholder cycles through these (every PROGRESS_PHRASE_ROTATION_MS). */
export const PROGRESS_PHRASES: readonly string[] = [
  'Checking your message for personal data...',
  'Asking the engine for a GDPR decision...',
  'Signing the proof bundle...',
  'Looking up the answer in our documentation...',
];

/** GDPR rights (DESIGN section 8): the request sent, the button and its own progress label (the server's wording). */
export const GDPR_ACTIONS = [
  { action: 'access', button: 'Access my data', label: 'Retrieving your data (GDPR Art. 15)...' },
  { action: 'rectification', button: 'Correct my details', label: 'Correcting your data (GDPR Art. 16)...' },
  { action: 'erasure', button: 'Erase my data', label: 'Erasing your data (GDPR Art. 17)...' },
  { action: 'portability', button: 'Download my data', label: 'Preparing your data export (GDPR Art. 20)...' },
  { action: 'delete', button: 'Delete', label: 'Deleting your data (GDPR Art. 17)...' },
  { action: 'export', button: 'Export', label: 'Exporting your data (GDPR Art. 20)...' },
  { action: 'withdraw', button: 'Withdraw consent', label: 'Withdrawing your consent (GDPR Art. 7(3))...' },
] as const;
export type GdprAction = (typeof GDPR_ACTIONS)[number]['action'];
/** The label of an action no handler maps (spec section 7). */
export const GDPR_UNMAPPED_LABEL = 'Processing your request.';

/** The stream reconnects after this long, doubling per failed attempt up to the maximum. */
export const STREAM_RECONNECT_BASE_MS = 500;
export const STREAM_RECONNECT_MAX_MS = 10_000;
/** The server closes the stream with this code when the visitor has no live session. */
export const STREAM_SESSION_REFUSED_CODE = 4401;

/** Where the demo keeps its compile history (features/demo/lib/demo-config.ts HISTORY_STORAGE_KEY). */
export const DEMO_HISTORY_STORAGE_KEY = 'bytebound:demo-history';
/** Booking assist sends at most this many recent compilations. */
export const BOOKING_ASSIST_RECENT_COMPILATIONS = 5;
export const BOOKING_ASSIST_FALLBACK_TEXT = 'I could not suggest a time just now. Pick any free slot on the booking page and we will prepare the call around your questions.';

/** The file portability downloads. */
export const PORTABILITY_FILE_NAME = 'bytebound-receptionist-data.json';
