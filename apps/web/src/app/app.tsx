// The component tree shared by the prerender and the browser, so hydration sees the same markup.
import { StrictMode, useEffect, type ReactNode } from 'react';
import { AppErrorBoundary } from '../components/errors/app-error-boundary.tsx';
import { INTERACTIVE_MARK } from '../lib/performance-metrics.ts';

/**
 * Marks <html data-hydrated> once the page is interactive (browser tests wait for it), and sets the
 * performance mark the client's performance metrics time that by.
 */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    if (performance.getEntriesByName(INTERACTIVE_MARK).length === 0) performance.mark(INTERACTIVE_MARK);
  }, []);
  return null;
}

export function App({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <HydrationMarker />
      <AppErrorBoundary>{children}</AppErrorBoundary>
    </StrictMode>
  );
}
