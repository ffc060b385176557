// How many WebSocket streams are open, per key (an IP, a session): a stream over its key's limit is
// closed as soon as it opens, so that one client cannot hold thousands of sockets and listeners.
// Counts are per process, as the sockets are. And how much one open stream may send and leave
// unread (boundedStream): a flood of small messages, or answers no one reads, held the server.
import { STREAM_MESSAGES_PER_MINUTE, STREAM_QUEUED_MAX_BYTES, STREAM_REFUSED_CODE, STREAMS_FULL_CODE, STREAMS_PER_IP } from '../constants.ts';

type Socket = { readonly readyState: number; readonly OPEN: number; close(code: number, reason: string): void; once(event: 'close', listener: () => void): unknown };

/** A key's limit, and the close reason a stream over it gets (at most 123 bytes, as WebSocket allows). */
export type StreamLimit = { key: string; max: number; reason: string };

/** A stream upgrade's client address; an injected request has none, and such requests share one. */
export function streamAddress(request: { ip?: string }): string {
  return request.ip ?? 'unknown';
}

/** The limit every stream route puts on one client address. */
export function addressLimit(request: { ip?: string }): StreamLimit {
  return { key: `ip:${streamAddress(request)}`, max: STREAMS_PER_IP, reason: 'too many open streams from this address' };
}

export class OpenStreams {
  private readonly open = new Map<string, number>();

  /**
   * Counts `socket` under each limit until it closes and returns true; over a limit, closes it
   * (STREAMS_FULL_CODE) and returns false. A socket no longer open (its client left while the
   * route looked something up) is not counted, and false tells the route to attach nothing to it.
   */
  admit(socket: Socket, limits: readonly StreamLimit[]): boolean {
    if (socket.readyState !== socket.OPEN) return false;
    const over = limits.find(({ key, max }) => (this.open.get(key) ?? 0) >= max);
    if (over) {
      socket.close(STREAMS_FULL_CODE, over.reason);
      return false;
    }
    for (const { key } of limits) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    socket.once('close', () => {
      for (const { key } of limits) {
        const left = (this.open.get(key) ?? 1) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    });
    return true;
  }

  /** Streams open under `key` now. */
  count(key: string): number {
    return this.open.get(key) ?? 0;
  }
}

/** A ws socket as boundedStream uses it. */
type MessageSocket = Socket & {
  readonly bufferedAmount: number;
  send(data: string): void;
  pause(): void;
  on(event: 'message', listener: (data: Buffer) => void): unknown;
};

export const STREAM_REFUSED_REASONS = {
  flood: `too many messages: at most ${STREAM_MESSAGES_PER_MINUTE} a minute`,
  unread: 'the answers were not read',
} as const;

/**
 * `socket`'s messages, at most STREAM_MESSAGES_PER_MINUTE a minute, to `onMessage`, and `send` for
 * its answers while its client reads them. One message more, or answers left unread past
 * STREAM_QUEUED_MAX_BYTES, close the stream (STREAM_REFUSED_CODE, saying which) and stop reading
 * from it, so that what a flooding client sent next costs the server nothing.
 */
export function boundedStream(socket: MessageSocket, onMessage: (data: Buffer) => void, now: () => number = Date.now): { send(frame: unknown): void } {
  let refused = false;
  let windowStart = now();
  let count = 0;
  const refuse = (reason: string) => {
    refused = true;
    socket.close(STREAM_REFUSED_CODE, reason);
    socket.pause();
  };
  socket.on('message', (data) => {
    if (refused) return;
    const at = now();
    if (at - windowStart >= 60_000) {
      windowStart = at;
      count = 0;
    }
    if (++count > STREAM_MESSAGES_PER_MINUTE) return refuse(STREAM_REFUSED_REASONS.flood);
    onMessage(data);
  });
  return {
    send(frame) {
      if (refused || socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > STREAM_QUEUED_MAX_BYTES) return refuse(STREAM_REFUSED_REASONS.unread);
      socket.send(JSON.stringify(frame));
    },
  };
}
