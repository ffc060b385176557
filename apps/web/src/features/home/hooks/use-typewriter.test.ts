import { describe, expect, it } from 'vitest';
import { nextTypewriterStep } from './use-typewriter.ts';

const phrases = ['ab', 'xyz'];

describe('nextTypewriterStep', () => {
  it('types at 40 ms, holds 3 s, deletes at 25 ms, waits 0.5 s, then types the next phrase and wraps around', () => {
    let state = { phrase: 0, length: 0, deleting: false };
    const steps: Array<[string, number]> = [];
    for (let i = 0; i < 14; i++) {
      const next = nextTypewriterStep(state, phrases);
      state = next.state;
      steps.push([phrases[state.phrase]!.slice(0, state.length), next.delay]);
    }
    expect(steps).toEqual([
      ['a', 40],
      ['ab', 40],
      ['ab', 3000],
      ['a', 25],
      ['', 25],
      ['', 500],
      ['x', 40],
      ['xy', 40],
      ['xyz', 40],
      ['xyz', 3000],
      ['xy', 25],
      ['x', 25],
      ['', 25],
      ['', 500],
    ]);
    expect(state.phrase).toBe(0);
  });
});
