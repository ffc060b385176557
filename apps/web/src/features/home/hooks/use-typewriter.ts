// The hero's typewriter (spec section 9): types a phrase at 40 ms a character, holds it 3 s,
// deletes at 25 ms a character, waits 0.5 s, then the next phrase. Paused or under reduced
// motion it holds the current text and schedules nothing.
import { useEffect, useState } from 'react';
import { TYPEWRITER_DELETE_MS, TYPEWRITER_PAUSE_FULL_MS, TYPEWRITER_PAUSE_NEXT_MS, TYPEWRITER_TYPE_MS } from '../../../config/constants.ts';

type State = { phrase: number; length: number; deleting: boolean };

export function nextTypewriterStep(state: State, phrases: readonly string[]): { state: State; delay: number } {
  const full = phrases[state.phrase]!.length;
  if (!state.deleting) {
    if (state.length < full) return { state: { ...state, length: state.length + 1 }, delay: TYPEWRITER_TYPE_MS };
    return { state: { ...state, deleting: true }, delay: TYPEWRITER_PAUSE_FULL_MS };
  }
  if (state.length > 0) return { state: { ...state, length: state.length - 1 }, delay: TYPEWRITER_DELETE_MS };
  return { state: { phrase: (state.phrase + 1) % phrases.length, length: 0, deleting: false }, delay: TYPEWRITER_PAUSE_NEXT_MS };
}

export function useTypewriter(phrases: readonly string[], running: boolean): string {
  // Starts with the first phrase complete: that is what the prerendered page shows.
  const [state, setState] = useState<State>({ phrase: 0, length: phrases[0]!.length, deleting: false });

  useEffect(() => {
    if (!running) return;
    const full = phrases[state.phrase]!.length;
    // The delay before the step from `state`: holding a full phrase waits the full pause.
    const delay =
      !state.deleting && state.length === full
        ? TYPEWRITER_PAUSE_FULL_MS
        : state.deleting
          ? state.length === 0
            ? TYPEWRITER_PAUSE_NEXT_MS
            : TYPEWRITER_DELETE_MS
          : TYPEWRITER_TYPE_MS;
    const timer = window.setTimeout(() => setState((s) => nextTypewriterStep(s, phrases).state), delay);
    return () => window.clearTimeout(timer);
  }, [running, state, phrases]);

  return phrases[state.phrase]!.slice(0, state.length);
}
