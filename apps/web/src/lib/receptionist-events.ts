// The contract between the Contact buttons and the receptionist: a cancelable DOM event on window,
// so that the receptionist (loaded later, on its own) needs no import from the shell. The
// receptionist claims a request by calling event.preventDefault(); an unclaimed request (no
// receptionist on this page) falls back to the homepage's contact section.
import { OPEN_RECEPTIONIST_EVENT } from '../config/constants.ts';

export type OpenReceptionistDetail = { source: string };

/** Asks the receptionist to open; `source` says which control asked. True when it was handled. */
export function openReceptionist(source: string): boolean {
  const event = new CustomEvent<OpenReceptionistDetail>(OPEN_RECEPTIONIST_EVENT, { detail: { source }, cancelable: true });
  return !window.dispatchEvent(event);
}

/**
 * Opens the receptionist on every request (the handler runs and the request counts as handled);
 * returns the unsubscribe.
 */
export function onOpenReceptionist(handler: (detail: OpenReceptionistDetail) => void): () => void {
  const listener = (event: Event) => {
    event.preventDefault();
    handler((event as CustomEvent<OpenReceptionistDetail>).detail);
  };
  window.addEventListener(OPEN_RECEPTIONIST_EVENT, listener);
  return () => window.removeEventListener(OPEN_RECEPTIONIST_EVENT, listener);
}
