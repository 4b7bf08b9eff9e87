import { describe, expect, it } from 'vitest';
import { businessDayStart } from './business-day-start.js';
import { businessDay } from './business-days.js';

const justBefore = (iso: string) => new Date(Date.parse(iso) - 1);

describe('businessDayStart', () => {
  it('starts an Asia/Kolkata day at 18:30Z the evening before', () => {
    expect(businessDayStart('2026-02-11', 'Asia/Kolkata')).toBe('2026-02-10T18:30:00.000Z');
    expect(businessDayStart('2026-01-01', 'Asia/Kolkata')).toBe('2025-12-31T18:30:00.000Z');
  });

  it('starts a UTC day at midnight, and a zone west of UTC after it', () => {
    expect(businessDayStart('2024-02-29', 'UTC')).toBe('2024-02-29T00:00:00.000Z');
    expect(businessDayStart('2026-01-15', 'America/New_York')).toBe('2026-01-15T05:00:00.000Z');
  });

  it('follows daylight saving, on the days the clocks change', () => {
    // New York springs forward at 02:00 on 2026-03-08 and falls back on 2026-11-01.
    expect(businessDayStart('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(businessDayStart('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    expect(businessDayStart('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(businessDayStart('2026-11-02', 'America/New_York')).toBe('2026-11-02T05:00:00.000Z');
  });

  it('starts at the change when a zone skips midnight (Sao Paulo, 2018-11-04)', () => {
    const start = businessDayStart('2018-11-04', 'America/Sao_Paulo');
    expect(start).toBe('2018-11-04T03:00:00.000Z');
    expect(businessDay(justBefore(start), 'America/Sao_Paulo')).toBe('2018-11-03');
  });

  it.each([
    ['2026-07-01', 'Asia/Kolkata'],
    ['2026-07-01', 'Pacific/Kiritimati'],
    ['2026-07-01', 'Pacific/Pago_Pago'],
    ['2026-10-04', 'Australia/Sydney'],
  ])('gives an instant on %s in %s whose previous millisecond is the day before', (day, zone) => {
    const start = businessDayStart(day, zone);
    expect(businessDay(start, zone)).toBe(day);
    expect(businessDay(justBefore(start), zone)).not.toBe(day);
  });
});
