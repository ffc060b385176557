// The root error boundary: a render error anywhere, or a fatal error reported by the window
// listeners, replaces the whole page with the fatal error screen.
import { Component, type ErrorInfo, type ReactNode, useSyncExternalStore } from 'react';
import { hasFatalError, reportFatalError, subscribeFatalError } from '../../lib/fatal-error.ts';
import { logger } from '../../lib/logger.ts';
import { FatalErrorScreen } from './fatal-error-screen.tsx';

type Props = { children: ReactNode };

class RenderErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    logger.error(`Render error: ${error instanceof Error ? error.message : String(error)}\n${info.componentStack ?? ''}`);
    reportFatalError();
  }

  override render() {
    return this.state.failed ? <FatalErrorScreen /> : this.props.children;
  }
}

export function AppErrorBoundary({ children }: Props) {
  const failed = useSyncExternalStore(subscribeFatalError, hasFatalError, () => false);
  if (failed) return <FatalErrorScreen />;
  return <RenderErrorBoundary>{children}</RenderErrorBoundary>;
}
