// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { onOpenReceptionist, openReceptionist } from './receptionist-events.ts';

describe('open-receptionist event', () => {
  it('is unhandled while no receptionist listens', () => {
    expect(openReceptionist('top-bar')).toBe(false);
  });

  it("reaches the receptionist on window as 'bytebound:open-receptionist' with its source, and counts as handled", () => {
    const seen: unknown[] = [];
    const raw: string[] = [];
    const rawListener = (event: Event) => raw.push(event.type);
    window.addEventListener('bytebound:open-receptionist', rawListener);
    const stop = onOpenReceptionist((detail) => seen.push(detail));
    expect(openReceptionist('mobile-menu')).toBe(true);
    stop();
    window.removeEventListener('bytebound:open-receptionist', rawListener);
    expect(openReceptionist('top-bar')).toBe(false);
    expect(seen).toEqual([{ source: 'mobile-menu' }]);
    expect(raw).toEqual(['bytebound:open-receptionist']);
  });
});
