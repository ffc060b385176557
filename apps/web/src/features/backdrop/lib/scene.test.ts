import { describe, expect, it } from 'vitest';
import { deviceScale } from './scene.ts';

describe('deviceScale', () => {
  it('gives the full particle counts only to a large screen on a fast device, and scales down small or slow ones', () => {
    expect(deviceScale(1920, 1080, 8)).toBe(1);
    expect(deviceScale(3840, 2160, 16)).toBe(1);
    expect(deviceScale(1920, 1080, 4)).toBe(0.5);
    expect(deviceScale(960, 1080, 8)).toBeCloseTo(0.5);
    expect(deviceScale(390, 844, 2)).toBeLessThan(0.1);
    expect(deviceScale(10, 10, 1)).toBe(0.05);
  });
});
