import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { STREAMS_FULL_CODE } from '../constants.ts';
import { OpenStreams } from './open-streams.ts';

/** A socket as ws has it: open (1) until closed (3), 'close' emitted once. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  closedWith: [number, string] | null = null;
  close(code: number, reason: string) {
    this.closedWith = [code, reason];
    this.end();
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
