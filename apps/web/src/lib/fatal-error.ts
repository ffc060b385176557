// The global failure state: once an uncaught error or unhandled rejection reaches the window (or
// the root error boundary catches one), the page is replaced by 'Something went wrong. Please
// refresh.' Kept outside React so that window listeners can report into it.

type Listener = () => void;

let failed = false;
const listeners = new Set<Listener>();

export function reportFatalError(): void {
  if (failed) return;
  failed = true;
  for (const listener of listeners) listener();
}

export function hasFatalError(): boolean {
  return failed;
}

export function subscribeFatalError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reports every uncaught error and unhandled rejection of the window; returns the uninstaller. */
export function installGlobalErrorHandlers(target: Window, onError: (error: unknown) => void): () => void {
  const handleError = (event: ErrorEvent) => {
    onError(event.error ?? event.message);
    reportFatalError();
  };
  const handleRejection = (event: PromiseRejectionEvent) => {
    onError(event.reason);
    reportFatalError();
  };
  target.addEventListener('error', handleError);
  target.addEventListener('unhandledrejection', handleRejection);
  return () => {
    target.removeEventListener('error', handleError);
    target.removeEventListener('unhandledrejection', handleRejection);
  };
}
