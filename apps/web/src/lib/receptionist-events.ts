// The contract between the top bar's Contact button and the receptionist: a DOM event on window,
// so that the receptionist (loaded later, on its own) needs no import from the shell.
import { OPEN_RECEPTIONIST_EVENT } from '../config/constants.ts';

export type OpenReceptionistDetail = { source: string };

/** Asks the receptionist to open; `source` says which control asked. */
export function openReceptionist(source: string): void {
  window.dispatchEvent(new CustomEvent<OpenReceptionistDetail>(OPEN_RECEPTIONIST_EVENT, { detail: { source } }));
}

/** Runs `handler` whenever something asks the receptionist to open; returns the unsubscribe. */
export function onOpenReceptionist(handler: (detail: OpenReceptionistDetail) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<OpenReceptionistDetail>).detail);
  window.addEventListener(OPEN_RECEPTIONIST_EVENT, listener);
  return () => window.removeEventListener(OPEN_RECEPTIONIST_EVENT, listener);
}
