// The component tree shared by the prerender and the browser, so hydration sees the same markup.
import { StrictMode, type ReactNode } from 'react';
import { AppErrorBoundary } from '../components/errors/app-error-boundary.tsx';

export function App({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AppErrorBoundary>{children}</AppErrorBoundary>
    </StrictMode>
  );
}
