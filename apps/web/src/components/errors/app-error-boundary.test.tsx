// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const FATAL = 'Something went wrong. Please refresh.';

// The fatal-error state is module-wide, as in the browser; each test starts from a fresh module.
async function load() {
  vi.resetModules();
  const { AppErrorBoundary } = await import('./app-error-boundary.tsx');
  const { installGlobalErrorHandlers, logGlobalErrorsOnly } = await import('../../lib/fatal-error.ts');
  return { AppErrorBoundary, installGlobalErrorHandlers, logGlobalErrorsOnly };
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('global error screen', () => {
  it('shows the page while nothing has failed', async () => {
    const { AppErrorBoundary } = await load();
    render(<AppErrorBoundary><p>The page</p></AppErrorBoundary>);
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.queryByText(FATAL)).toBeNull();
  });

  it('replaces the page when a component throws while rendering', async () => {
    const { AppErrorBoundary } = await load();
    function Broken(): never {
      throw new Error('render failed');
    }
    render(<AppErrorBoundary><p>The page</p><Broken /></AppErrorBoundary>);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(FATAL);
    expect(screen.queryByText('The page')).toBeNull();
  });

  const windowFailures: [string, () => void][] = [
    ['an uncaught error', () => window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }))],
    ['an unhandled rejection', () => {
      const event = new Event('unhandledrejection') as Event & { reason?: unknown };
      event.reason = new Error('rejected');
      window.dispatchEvent(event);
    }],
  ];

  it.each(windowFailures)('replaces the page after %s reaches the window', async (_name, fire) => {
    const { AppErrorBoundary, installGlobalErrorHandlers } = await load();
    const seen: unknown[] = [];
    const uninstall = installGlobalErrorHandlers(window, (error) => seen.push(error));
    render(<AppErrorBoundary><p>The page</p></AppErrorBoundary>);
    act(() => fire());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(FATAL);
    expect(screen.queryByText('The page')).toBeNull();
    expect(seen).toHaveLength(1);
    uninstall();
  });

  it.each(windowFailures)('only logs %s while a part of the page asks it to (the demo), and replaces the page once that part is gone', async (_name, fire) => {
    const { AppErrorBoundary, installGlobalErrorHandlers, logGlobalErrorsOnly } = await load();
    const seen: unknown[] = [];
    const uninstall = installGlobalErrorHandlers(window, (error) => seen.push(error));
    render(<AppErrorBoundary><p>The page</p></AppErrorBoundary>);
    const first = logGlobalErrorsOnly();
    const second = logGlobalErrorsOnly();
    act(() => fire());
    first();
    first(); // ending twice ends once: the second part still asks
    act(() => fire());
    expect(screen.getByText('The page')).toBeTruthy();
    expect(seen).toHaveLength(2);
    second();
    act(() => fire());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(FATAL);
    expect(seen).toHaveLength(3);
    uninstall();
  });
});
