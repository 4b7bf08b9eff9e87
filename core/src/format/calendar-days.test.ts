import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayToUtcMidnight,
  firstOfMonth,
  lastOfMonth,
  utcMidnightToDay,
  weekdayOf,
} from './calendar-days.js';

describe('dayToUtcMidnight', () => {
  it('reads a day as its UTC midnight whatever the machine zone', () => {
    expect(dayToUtcMidnight('2026-02-10').toISOString()).toBe('2026-02-10T00:00:00.000Z');
    expect(utcMidnightToDay(dayToUtcMidnight('2024-02-29'))).toBe('2024-02-29');
  });

  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-2-1', '', '10/02/2026'])(
    'refuses %j',
    (day) => {
      expect(() => dayToUtcMidnight(day)).toThrow(RangeError);
    },
  );
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
  });

  it('is not moved by a daylight-saving change (America/New_York springs forward on 2026-03-08)', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
  });
});

describe('months and weekdays', () => {
  it('finds the first and last day of a month, going back across a year', () => {
    expect(firstOfMonth('2026-02-10')).toBe('2026-02-01');
    expect(firstOfMonth('2026-02-10', -5)).toBe('2025-09-01');
    expect(lastOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(lastOfMonth('2024-02-10')).toBe('2024-02-29');
    expect(lastOfMonth('2025-12-31')).toBe('2025-12-31');
  });

  it('numbers Sunday 0 to Saturday 6', () => {
    expect(weekdayOf('2026-02-08')).toBe(0);
    expect(weekdayOf('2026-02-14')).toBe(6);
  });
});
