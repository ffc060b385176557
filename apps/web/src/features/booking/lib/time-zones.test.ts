import { describe, expect, it } from 'vitest';
import { groupSlotsByDay, isValidTimeZone, sameInstant, slotLabel, timeLabel, timeZoneLabel, timeZoneOptions } from './time-zones.ts';

const slot = (start: string) => ({ start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString() });

describe('slots in the visitor time zone', () => {
  it('shows a Berlin 09:00 slot at 03:00 in New York in winter and 03:00 in summer after both zones change', () => {
    expect(timeLabel('2026-11-23T08:00:00.000Z', 'Europe/Berlin')).toBe('09:00');
    expect(timeLabel('2026-11-23T08:00:00.000Z', 'America/New_York')).toBe('03:00');
    expect(timeLabel('2026-07-06T07:00:00.000Z', 'Europe/Berlin')).toBe('09:00');
    expect(timeLabel('2026-07-06T07:00:00.000Z', 'America/New_York')).toBe('03:00');
  });

  it('puts a slot on the day it falls on in the chosen zone', () => {
    const slots = [slot('2026-11-24T08:00:00.000Z'), slot('2026-11-23T16:30:00.000Z'), slot('2026-11-23T08:00:00.000Z')];
    const berlin = groupSlotsByDay(slots, 'Europe/Berlin');
    expect(berlin.map((day) => [day.key, day.slots.length])).toEqual([
      ['2026-11-23', 2],
      ['2026-11-24', 1],
    ]);
    expect(berlin[0]!.label).toBe('Monday, 23 November');
    // 16:30 UTC is already Tuesday in Tokyo, with the next morning's slot.
    const tokyo = groupSlotsByDay(slots, 'Asia/Tokyo');
    expect(tokyo.map((day) => [day.key, day.slots.map((s) => timeLabel(s.start, 'Asia/Tokyo'))])).toEqual([
      ['2026-11-23', ['17:00']],
      ['2026-11-24', ['01:30', '17:00']],
    ]);
  });

  it('labels a slot with its day, year and both ends', () => {
    expect(slotLabel(slot('2026-11-23T08:00:00.000Z'), 'America/New_York')).toBe('Monday, 23 November 2026, 03:00–03:30');
  });

  it('offers the common zones plus the detected one, without duplicates or invalid names', () => {
    const zones = timeZoneOptions('Pacific/Auckland', 'Europe/Berlin', 'Not/A_Zone', null);
    expect(zones).toContain('Pacific/Auckland');
    expect(zones).toContain('America/New_York');
    expect(zones).not.toContain('Not/A_Zone');
    expect(new Set(zones).size).toBe(zones.length);
    expect(isValidTimeZone('Not/A_Zone')).toBe(false);
    expect(timeZoneLabel('America/New_York', new Date('2026-11-23T08:00:00Z'))).toBe('America/New York (GMT-5)');
  });

  it('compares instants, not spellings', () => {
    expect(sameInstant('2026-11-23T08:00:00Z', '2026-11-23T08:00:00.000Z')).toBe(true);
    expect(sameInstant('2026-11-23T08:00:00Z', '2026-11-23T08:30:00.000Z')).toBe(false);
    expect(sameInstant('nonsense', 'nonsense')).toBe(false);
  });
});
