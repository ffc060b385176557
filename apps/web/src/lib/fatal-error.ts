// The global failure state: once an uncaught error or unhandled rejection reaches the window (or
// the root error boundary catches one), the page is replaced by 'Something went wrong. Please
// refresh.' Kept outside React so that window listeners can report into it. While the demo
// compiler is on the page, the window's errors and rejections are logged only (spec section 8); a
// render error the boundary catches still replaces the page.

type Listener = () => void;

let failed = false;
const listeners = new Set<Listener>();
/** How many mounted parts of the page want the window's errors logged only (the demo compiler). */
let loggingOnly = 0;

/** The window's errors are logged only until the returned function is called (once, on unmount). */
export function logGlobalErrorsOnly(): () => void {
  loggingOnly += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    loggingOnly -= 1;
  };
}

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
  const report = (error: unknown) => {
    onError(error);
    if (loggingOnly === 0) reportFatalError();
  };
  const handleError = (event: ErrorEvent) => report(event.error ?? event.message);
  const handleRejection = (event: PromiseRejectionEvent) => report(event.reason);
  target.addEventListener('error', handleError);
  target.addEventListener('unhandledrejection', handleRejection);
  return () => {
    target.removeEventListener('error', handleError);
    target.removeEventListener('unhandledrejection', handleRejection);
  };
}
