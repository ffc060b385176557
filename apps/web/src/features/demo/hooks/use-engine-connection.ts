// Whether the engine answers; asked on mount and again every few seconds while it does not.
import { useEffect, useState } from 'react';
import { engineReachable } from '../api/engine-health.ts';
import { HEALTH_RETRY_MS } from '../lib/demo-config.ts';

export function useEngineConnection(): { connected: boolean; recheck: () => void } {
  const [connected, setConnected] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void engineReachable().then((ok) => {
      if (cancelled) return;
      setConnected(ok);
      if (!ok) timer = setTimeout(() => setAttempt((a) => a + 1), HEALTH_RETRY_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [attempt]);
  return { connected, recheck: () => setAttempt((a) => a + 1) };
}
