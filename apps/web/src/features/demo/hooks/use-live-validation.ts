// Live validation (spec section 5): the compiler package's own checks and detection, run in the
// browser 500 ms after the last keystroke. Only errors block compiling.
import { detectJurisdiction } from '@bytebound/compiler/detect';
import type { Detection, Validation } from '@bytebound/compiler/policy-model';
import { validateLegalText } from '@bytebound/compiler/validate';
import { useCallback, useEffect, useState } from 'react';
import { COMPILE_DEBOUNCE_MS } from '../../../config/constants.ts';

export type LiveValidation = { text: string; validation: Validation; detection: Detection };

export function checkLegalText(text: string): LiveValidation {
  const detection = detectJurisdiction(text);
  return { text, validation: validateLegalText(text, detection), detection };
}

/**
 * The checks of the text as it was 500 ms after the last change (null before the first run or for
 * blank text), and a function that runs them at once on a text: the one shown (the Analyze button),
 * or one about to be shown whole (a loaded example), so that its checks appear with it and nothing
 * under them moves half a second later, under a visitor's pointer.
 */
export function useLiveValidation(text: string): [LiveValidation | null, (shown: string) => void] {
  const [result, setResult] = useState<LiveValidation | null>(null);
  const blank = text.trim() === '';
  useEffect(() => {
    if (blank) return;
    const timer = setTimeout(() => setResult(checkLegalText(text)), COMPILE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, blank]);
  const checkNow = useCallback((shown: string) => setResult(shown.trim() === '' ? null : checkLegalText(shown)), []);
  return [blank ? null : result, checkNow];
}
