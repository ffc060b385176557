// @vitest-environment happy-dom
// The testimonial carousel as a visitor uses it: it advances by itself every 8 s (or the interval
// given) and wraps around, Previous, Next and the dots move it, Pause holds it until Resume, and
// under reduced motion it never moves by itself.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS } from '../../../config/constants.ts';
import content from '../data/testimonials.json';
import { TestimonialsSection } from './testimonials-section.tsx';

const entries = content.entries;

function reducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
  );
}

/** The entry on show, by its place (1-based) and its text. */
function shown() {
  const slide = screen.getByTestId('testimonial');
  return { place: slide.getAttribute('aria-label'), text: slide.querySelector('blockquote')!.textContent };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('testimonial carousel', () => {
  it('has entries to show', () => {
    expect(entries.length).toBeGreaterThanOrEqual(2);
  });

  it('advances every 8 s and wraps around to the first', () => {
    render(<TestimonialsSection />);
    expect(shown()).toEqual({ place: `1 of ${entries.length}`, text: entries[0]!.content });
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(shown().place).toBe(`1 of ${entries.length}`);
    advance(1);
    expect(shown()).toEqual({ place: `2 of ${entries.length}`, text: entries[1]!.content });
    for (let i = 2; i < entries.length; i++) advance(CAROUSEL_INTERVAL_MS);
    expect(shown().place).toBe(`${entries.length} of ${entries.length}`);
    advance(CAROUSEL_INTERVAL_MS);
    expect(shown()).toEqual({ place: `1 of ${entries.length}`, text: entries[0]!.content });
  });

  it('advances at the interval it is given', () => {
    render(<TestimonialsSection intervalMs={3_000} />);
    advance(3_000);
    expect(shown().place).toBe(`2 of ${entries.length}`);
  });

  it('moves with Previous, Next and the dots, the current dot marked', () => {
    render(<TestimonialsSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(shown().text).toBe(entries.at(-1)!.content);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shown().text).toBe(entries[1]!.content);
    fireEvent.click(screen.getByRole('button', { name: `Show commentary ${entries.length}` }));
    expect(shown().text).toBe(entries.at(-1)!.content);
    expect(screen.getByRole('button', { name: `Show commentary ${entries.length}` }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Show commentary 1' }).getAttribute('aria-current')).toBeNull();
  });

  it('a move by hand starts the 8 s again', () => {
    render(<TestimonialsSection />);
    advance(CAROUSEL_INTERVAL_MS - 1_000);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(shown().place).toBe(`2 of ${entries.length}`);
    advance(1);
    expect(shown().place).toBe(`3 of ${entries.length}`);
  });

  it('holds while paused and goes on after Resume', () => {
    render(<TestimonialsSection />);
    const pause = screen.getByRole('button', { name: 'Pause' });
    fireEvent.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    for (let i = 0; i < 3; i++) advance(CAROUSEL_INTERVAL_MS);
    expect(shown().place).toBe(`1 of ${entries.length}`);
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    advance(CAROUSEL_INTERVAL_MS);
    expect(shown().place).toBe(`2 of ${entries.length}`);
  });

  it('never moves by itself under reduced motion, and still moves by hand', () => {
    reducedMotion(true);
    render(<TestimonialsSection />);
    for (let i = 0; i < 3; i++) advance(CAROUSEL_INTERVAL_MS);
    expect(shown().place).toBe(`1 of ${entries.length}`);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shown().place).toBe(`2 of ${entries.length}`);
  });

  it('shows nothing without entries', () => {
    const { container } = render(<TestimonialsSection entries={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
