import { expect, it } from 'vitest';
import { formatUptime } from './format-uptime.ts';

it('shows uptime as h:m:s', () => {
  expect(formatUptime(0)).toBe('00:00:00');
  expect(formatUptime((26 * 3600 + 3 * 60 + 9) * 1000 + 999)).toBe('26:03:09');
});
