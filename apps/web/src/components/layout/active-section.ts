// The homepage section at the middle of the viewport, shared between the homepage (which tracks it)
// and the top bar (which highlights Contact while the contact section is in view).
import { useSyncExternalStore } from 'react';

let current: string | null = null;
const listeners = new Set<() => void>();

export function setActiveSection(id: string | null): void {
  if (id === current) return;
  current = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useActiveSection(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
