// The zone the slots are shown in: the visitor's detected zone until they pick another. The
// prerendered page has no visitor, so the detected zone is null there.
import { useState, useSyncExternalStore } from 'react';
import { detectTimeZone } from '../lib/time-zones.ts';

const noSubscription = () => () => {};

export function useVisitorTimeZone(fallback: string): { zone: string; detected: string | null; setZone: (zone: string) => void } {
  const detected = useSyncExternalStore(noSubscription, detectTimeZone, () => null);
  const [chosen, setZone] = useState<string | null>(null);
  return { zone: chosen ?? detected ?? fallback, detected, setZone };
}
