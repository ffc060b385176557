// The client logger (spec section 9): levels 0-8, batched to POST /api/logs every 5 s or as soon
// as 100 entries are queued. Off by default: a build with VITE_CLIENT_LOGS=on or the localStorage
// key 'bytebound:client-logs' = 'on' turns it on. Personal data is scrubbed before queueing.
import { CLIENT_LOGS_BUILD_FLAG } from '../config/app.ts';
import {
  LOG_ENABLE_STORAGE_KEY,
  LOG_ENDPOINT,
  LOG_FLUSH_BATCH_SIZE,
  LOG_FLUSH_INTERVAL_MS,
  LOG_LEVEL_MAX,
  LOG_LEVEL_MIN,
  LOG_LEVELS,
  LOG_MESSAGE_MAX_CHARS,
} from '../config/constants.ts';
import { scrubPersonalData } from './scrub-personal-data.ts';

export type LogLevel = (typeof LOG_LEVELS)[keyof typeof LOG_LEVELS];

/** One entry as POST /api/logs accepts it. */
export type LogEntry = { level: number; message: string; timestamp: string; url: string; userAgent: string };

export type LoggerOptions = {
  /** Whether logging is on right now (read at every call, so it can be switched at run time). */
  isEnabled?: () => boolean;
  /** Sends one batch; defaults to a keepalive POST to /api/logs. */
  send?: (logs: LogEntry[]) => Promise<void>;
  now?: () => number;
  location?: () => string;
  userAgent?: () => string;
  flushIntervalMs?: number;
  batchSize?: number;
};

export type Logger = {
  log(level: number, message: unknown): void;
  trace(message: unknown): void;
  debug(message: unknown): void;
  info(message: unknown): void;
  warn(message: unknown): void;
  error(message: unknown): void;
  /** Sends what is queued now. */
  flush(): Promise<void>;
  /** Entries waiting to be sent. */
  pending(): number;
};

export function isClientLoggingEnabled(): boolean {
  if (CLIENT_LOGS_BUILD_FLAG) return true;
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(LOG_ENABLE_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

async function postLogs(logs: LogEntry[]): Promise<void> {
  // keepalive lets the last batch leave while the page unloads. Failures are dropped: logging must
  // never break the page or log about itself.
  await fetch(LOG_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ logs }),
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined);
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const isEnabled = options.isEnabled ?? isClientLoggingEnabled;
  const send = options.send ?? postLogs;
  const now = options.now ?? Date.now;
  const location = options.location ?? (() => (typeof window === 'undefined' ? '' : window.location.href));
  const userAgent = options.userAgent ?? (() => (typeof navigator === 'undefined' ? '' : navigator.userAgent));
  const flushIntervalMs = options.flushIntervalMs ?? LOG_FLUSH_INTERVAL_MS;
  const batchSize = options.batchSize ?? LOG_FLUSH_BATCH_SIZE;

  let queue: LogEntry[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function flush(): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    // Only what is queued now: entries logged while this flush is sending wait for their timer.
    const taken = queue;
    queue = [];
    for (let start = 0; start < taken.length; start += batchSize) {
      await send(taken.slice(start, start + batchSize)).catch(() => undefined);
    }
  }

  function log(level: number, message: unknown): void {
    if (!isEnabled()) return;
    const clamped = Math.min(LOG_LEVEL_MAX, Math.max(LOG_LEVEL_MIN, Math.trunc(level)));
    queue.push({
      level: Number.isFinite(clamped) ? clamped : LOG_LEVELS.info,
      message: scrubPersonalData(describe(message)).slice(0, LOG_MESSAGE_MAX_CHARS),
      timestamp: new Date(now()).toISOString(),
      url: scrubPersonalData(location()),
      userAgent: userAgent(),
    });
    if (queue.length >= batchSize) void flush();
    else if (timer === null) timer = setTimeout(() => void flush(), flushIntervalMs);
  }

  return {
    log,
    trace: (message) => log(LOG_LEVELS.trace, message),
    debug: (message) => log(LOG_LEVELS.debug, message),
    info: (message) => log(LOG_LEVELS.info, message),
    warn: (message) => log(LOG_LEVELS.warn, message),
    error: (message) => log(LOG_LEVELS.error, message),
    flush,
    pending: () => queue.length,
  };
}

function describe(message: unknown): string {
  if (message instanceof Error) return message.stack ? `${message.message}\n${message.stack}` : message.message;
  if (typeof message === 'string') return message;
  try {
    return JSON.stringify(message) ?? String(message);
  } catch {
    return String(message);
  }
}

/** The site's logger. */
export const logger = createLogger();

if (typeof window !== 'undefined') {
  // Send what is queued when the page is hidden or closed.
  window.addEventListener('pagehide', () => void logger.flush());
}
