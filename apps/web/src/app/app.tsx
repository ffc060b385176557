// The component tree shared by the prerender and the browser, so hydration sees the same markup.
import { StrictMode, useEffect, type ReactNode } from 'react';
import { AppErrorBoundary } from '../components/errors/app-error-boundary.tsx';

/** Marks <html data-hydrated> once the page is interactive (browser tests wait for it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
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
