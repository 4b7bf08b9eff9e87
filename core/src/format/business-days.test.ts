import { describe, expect, it } from 'vitest';
import { businessDay, dayRange, defaultBusinessTimeZone } from './business-days.js';

describe('businessDay', () => {
  it('changes day in Asia/Kolkata at 18:30 UTC', () => {
    expect(businessDay('2026-02-10T18:29:59.999Z', 'Asia/Kolkata')).toBe('2026-02-10');
    expect(businessDay('2026-02-10T18:30:00.000Z', 'Asia/Kolkata')).toBe('2026-02-11');
  });

  it('uses the given zone, not the machine one', () => {
    const instant = new Date('2026-02-11T02:00:00Z');
    expect(businessDay(instant, 'UTC')).toBe('2026-02-11');
    expect(businessDay(instant, 'America/New_York')).toBe('2026-02-10');
    expect(businessDay(instant, 'Asia/Kolkata')).toBe('2026-02-11');
  });

  it('accepts a Date, an ISO string or epoch milliseconds', () => {
    const iso = '2025-12-31T18:30:00Z';
    expect(businessDay(iso, defaultBusinessTimeZone)).toBe('2026-01-01');
    expect(businessDay(new Date(iso), defaultBusinessTimeZone)).toBe('2026-01-01');
    expect(businessDay(Date.parse(iso), defaultBusinessTimeZone)).toBe('2026-01-01');
  });

  it('reads a date-time without an offset as UTC, not in the machine zone', () => {
    expect(businessDay('2026-02-10T18:30:00', 'Asia/Kolkata')).toBe('2026-02-11');
    expect(businessDay('2026-02-10T18:29:59', 'Asia/Kolkata')).toBe('2026-02-10');
  });

  it('follows daylight saving (New York is UTC-4 in summer)', () => {
    expect(businessDay('2026-07-01T03:59:59Z', 'America/New_York')).toBe('2026-06-30');
    expect(businessDay('2026-07-01T04:00:00Z', 'America/New_York')).toBe('2026-07-01');
  });

  it('refuses an invalid instant or time zone', () => {
    expect(() => businessDay('not a date', 'UTC')).toThrow(RangeError);
    expect(() => businessDay(Number.NaN, 'UTC')).toThrow(RangeError);
    expect(() => businessDay(new Date(0), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('dayRange', () => {
  it('lists the days inclusive', () => {
    expect(dayRange('2026-02-10', '2026-02-12')).toEqual([
      '2026-02-10',
      '2026-02-11',
      '2026-02-12',
    ]);
  });

  it('gives one day when start and end are the same', () => {
    expect(dayRange('2026-02-10', '2026-02-10')).toEqual(['2026-02-10']);
  });

  it('crosses a leap February and a year end', () => {
    expect(dayRange('2024-02-28', '2024-03-01')).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(dayRange('2025-12-31', '2026-01-01')).toEqual(['2025-12-31', '2026-01-01']);
  });

  it('counts the days of a long range', () => {
    const year = dayRange('2024-01-01', '2024-12-31');
    expect(year).toHaveLength(366);
    expect(year.at(-1)).toBe('2024-12-31');
  });

  it('is empty when the start is after the end', () => {
    expect(dayRange('2026-02-12', '2026-02-10')).toEqual([]);
  });

  it('refuses a day that is not yyyy-mm-dd, even at either end of an empty range', () => {
    expect(() => dayRange('2026-02-30', '2026-03-02')).toThrow(RangeError);
    expect(() => dayRange('2026-02-10', '12/02/2026')).toThrow(RangeError);
    expect(() => dayRange('2027-99-99', '2026-01-01')).toThrow(RangeError);
  });
});
