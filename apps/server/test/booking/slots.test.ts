// Business hours in the sales zone, DST-correct, and the reasons a time is not a bookable slot.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { candidateSlotStarts, slotProblem } from '../../src/booking/slots.ts';
import { instantOf } from '../../src/booking/zoned-time.ts';

const rules = (env: Record<string, string> = {}) => loadConfig({ LOG_LEVEL: 'silent', ...env }).booking;
const utc = (ms: number) => new Date(ms).toISOString();

describe('demo slots in the sales zone', () => {
  it('keeps 09:00-17:00 Berlin time across the autumn DST change (UTC moves by an hour)', () => {
    // Friday 23 October 2026 is summer time (UTC+2); Monday 26 October is winter time (UTC+1).
    const starts = candidateSlotStarts(rules(), Date.UTC(2026, 9, 23), Date.UTC(2026, 9, 27)).map(utc);
    const friday = starts.filter((s) => s.startsWith('2026-10-23'));
    const monday = starts.filter((s) => s.startsWith('2026-10-26'));
    expect(friday[0]).toBe('2026-10-23T07:00:00.000Z');
    expect(friday.at(-1)).toBe('2026-10-23T14:30:00.000Z');
    expect(monday[0]).toBe('2026-10-26T08:00:00.000Z');
    expect(monday.at(-1)).toBe('2026-10-26T15:30:00.000Z');
    expect(friday).toHaveLength(16);
    expect(monday).toHaveLength(16);
    // No slots on the weekend of the change.
    expect(starts.filter((s) => s.startsWith('2026-10-24') || s.startsWith('2026-10-25'))).toEqual([]);
  });

  it('skips the hour that does not exist when clocks spring forward', () => {
    const night = rules({ BOOKING_TIME_ZONE: 'America/New_York', BOOKING_HOURS: '00:00-04:00', BOOKING_DAYS: '7' });
    // Sunday 8 March 2026, New York: 02:00 jumps to 03:00.
    const starts = candidateSlotStarts(night, Date.UTC(2026, 2, 8), Date.UTC(2026, 2, 9)).map(utc);
    expect(starts).toEqual([
      '2026-03-08T05:00:00.000Z', // 00:00 EST
      '2026-03-08T05:30:00.000Z',
      '2026-03-08T06:00:00.000Z', // 01:00 EST
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z', // 03:00 EDT
      '2026-03-08T07:30:00.000Z',
    ]);
    expect(instantOf(2026, 3, 8, 150, 'America/New_York')).toBeNull();
  });

  it('explains why a time cannot be booked', () => {
    const now = Date.UTC(2026, 10, 23, 6, 0); // Monday 23 November 2026, 07:00 in Berlin
    const r = rules();
    expect(slotProblem(r, Date.UTC(2026, 10, 23, 8, 0), now)).toBeNull(); // 09:00 Berlin
    expect(slotProblem(r, Date.UTC(2026, 10, 23, 6, 30), now)).toMatch(/at least 1 hour from now/);
    expect(slotProblem(r, Date.UTC(2026, 10, 22, 8, 0), now)).toMatch(/at least 1 hour from now/);
    expect(slotProblem(r, Date.UTC(2026, 11, 8, 8, 0), now)).toMatch(/up to 14 days ahead/);
    expect(slotProblem(r, Date.UTC(2026, 10, 23, 8, 15), now)).toMatch(/start on the hour or the half hour/);
    expect(slotProblem(r, Date.UTC(2026, 10, 23, 16, 0), now)).toBe(
      'This time is outside our demo hours (Mon–Fri 09:00–17:00 Europe/Berlin): choose one of the offered slots.',
    );
    expect(slotProblem(r, Date.UTC(2026, 10, 28, 9, 0), now)).toMatch(/outside our demo hours/); // Saturday
    expect(slotProblem(r, Number.NaN, now)).toMatch(/ISO 8601/);
  });

  it('reads hours, days and zone from the configuration, and refuses bad values', () => {
    const custom = rules({ BOOKING_TIME_ZONE: 'Asia/Tokyo', BOOKING_HOURS: '10:00-11:00', BOOKING_DAYS: '2,4' });
    const starts = candidateSlotStarts(custom, Date.UTC(2026, 10, 23), Date.UTC(2026, 10, 30)).map(utc);
    // Tuesday 24 and Thursday 26 November, 10:00 and 10:30 in Tokyo (UTC+9).
    expect(starts).toEqual(['2026-11-24T01:00:00.000Z', '2026-11-24T01:30:00.000Z', '2026-11-26T01:00:00.000Z', '2026-11-26T01:30:00.000Z']);
    expect(() => loadConfig({ BOOKING_TIME_ZONE: 'Europe/Atlantis' })).toThrow(/BOOKING_TIME_ZONE/);
    expect(() => loadConfig({ BOOKING_HOURS: '17:00-09:00' })).toThrow(/BOOKING_HOURS/);
    expect(() => loadConfig({ BOOKING_DAYS: '0-8' })).toThrow(/BOOKING_DAYS/);
  });
});
