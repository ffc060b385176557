import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { STREAM_MESSAGES_PER_MINUTE, STREAM_QUEUED_MAX_BYTES, STREAM_REFUSED_CODE, STREAMS_FULL_CODE } from '../constants.ts';
import { boundedStream, OpenStreams, STREAM_REFUSED_REASONS } from './open-streams.ts';

/** A socket as ws has it: open (1) until closed (3), 'close' emitted once; what it was sent, and whether it still reads. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  closedWith: [number, string] | null = null;
  sent: unknown[] = [];
  bufferedAmount = 0;
  reading = true;
  close(code: number, reason: string) {
    this.closedWith = [code, reason];
    this.end();
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  pause() {
    this.reading = false;
  }
  end() {
    this.readyState = 3;
    this.emit('close');
  }
}

const limits = (max: number) => [{ key: 'ip:a', max, reason: 'too many from a' }];

describe('OpenStreams', () => {
  it('admits up to the limit, closes one more with 4429 and the reason, and makes room when one closes', () => {
    const streams = new OpenStreams();
    const [one, two, three] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    expect(streams.admit(one, limits(2))).toBe(true);
    expect(streams.admit(two, limits(2))).toBe(true);
    expect(streams.admit(three, limits(2))).toBe(false);
    expect(three.closedWith).toEqual([STREAMS_FULL_CODE, 'too many from a']);
    expect(streams.count('ip:a')).toBe(2);
    one.end();
    expect(streams.count('ip:a')).toBe(1);
    expect(streams.admit(new FakeSocket(), limits(2))).toBe(true);
  });

  it('counts a stream under every key and refuses it when any key is full', () => {
    const streams = new OpenStreams();
    const both = [
      { key: 'ip:a', max: 10, reason: 'address' },
      { key: 'session:s', max: 1, reason: 'session' },
    ];
    expect(streams.admit(new FakeSocket(), both)).toBe(true);
    const second = new FakeSocket();
    expect(streams.admit(second, both)).toBe(false);
    expect(second.closedWith).toEqual([STREAMS_FULL_CODE, 'session']);
    expect([streams.count('ip:a'), streams.count('session:s')]).toEqual([1, 1]);
  });

  it('does not count a socket whose client has already gone, so nothing leaks', () => {
    const streams = new OpenStreams();
    const gone = new FakeSocket();
    gone.end();
    expect(streams.admit(gone, limits(1))).toBe(false);
    expect(gone.closedWith).toBeNull();
    expect(streams.count('ip:a')).toBe(0);
    expect(streams.admit(new FakeSocket(), limits(1))).toBe(true);
  });
});

describe('boundedStream', () => {
  const flood = STREAM_MESSAGES_PER_MINUTE;

  it(`hands on ${flood} messages a minute; one more closes the stream with ${STREAM_REFUSED_CODE}, stops reading, and nothing more is handled or sent`, () => {
    const socket = new FakeSocket();
    let clock = 1_000;
    const handled: string[] = [];
    const { send } = boundedStream(socket, (data) => handled.push(data.toString()), () => clock);
    for (let i = 0; i < flood; i++) socket.emit('message', Buffer.from(`m${i}`));
    expect(handled.length).toBe(flood);
    expect(socket.closedWith).toBeNull();
    // A new minute: the count starts again.
    clock += 60_000;
    for (let i = 0; i < flood; i++) socket.emit('message', Buffer.from(`n${i}`));
    expect(handled.length).toBe(2 * flood);
    socket.emit('message', Buffer.from('one too many'));
    expect(socket.closedWith).toEqual([STREAM_REFUSED_CODE, 'too many messages: at most 60 a minute']);
    expect(socket.reading).toBe(false);
    socket.emit('message', Buffer.from('after'));
    expect(handled.length).toBe(2 * flood);
    send({ type: 'late' });
    expect(socket.sent).toEqual([]);
  });

  it(`answers while the client reads, and closes the stream once ${STREAM_QUEUED_MAX_BYTES / 1024 / 1024} MiB of answers wait unread`, () => {
    const socket = new FakeSocket();
    const { send } = boundedStream(socket, () => {});
    send({ type: 'counters', n: 1 });
    socket.bufferedAmount = STREAM_QUEUED_MAX_BYTES;
    send({ type: 'counters', n: 2 });
    expect(socket.sent).toEqual([
      { type: 'counters', n: 1 },
      { type: 'counters', n: 2 },
    ]);
    socket.bufferedAmount = STREAM_QUEUED_MAX_BYTES + 1;
    send({ type: 'counters', n: 3 });
    expect(socket.sent.length).toBe(2);
    expect(socket.closedWith).toEqual([STREAM_REFUSED_CODE, STREAM_REFUSED_REASONS.unread]);
    expect(socket.reading).toBe(false);
  });
});
