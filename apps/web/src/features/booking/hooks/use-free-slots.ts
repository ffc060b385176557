// The free slots from the server, loaded once the page runs in the browser (the prerendered page
// cannot know them), and reloaded after a booking attempt lost its slot.
import { useCallback, useEffect, useState } from 'react';
import { loadSlots, type SlotsResponse } from '../api/booking-api.ts';

export type FreeSlots = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; data: SlotsResponse };

export function useFreeSlots(): { state: FreeSlots; reload: () => void } {
  const [state, setState] = useState<FreeSlots>({ kind: 'loading' });
  // Bumped to load the slots again.
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    loadSlots().then(
      (data) => live && setState({ kind: 'ready', data }),
      // A failed reload keeps the slots already shown.
      () => live && setState((previous) => (previous.kind === 'ready' ? previous : { kind: 'failed' })),
    );
    return () => {
      live = false;
    };
  }, [version]);

  return { state, reload };
}
