// The pending placeholder's phrase: the next one every PROGRESS_PHRASE_ROTATION_MS while pending.
import { useEffect, useState } from 'react';
import { PROGRESS_PHRASE_ROTATION_MS } from '../../../config/constants.ts';
import { PROGRESS_PHRASES } from '../lib/receptionist-config.ts';

export function useProgressPhrase(active: boolean): string {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % PROGRESS_PHRASES.length), PROGRESS_PHRASE_ROTATION_MS);
    return () => {
      clearInterval(timer);
      // The next wait starts from the first phrase.
      setIndex(0);
    };
  }, [active]);
  return PROGRESS_PHRASES[index]!;
}
