import { describe, expect, it } from 'vitest';
import { formatDisplayTime } from './times.js';

describe('formatDisplayTime', () => {
  it('shows a UTC instant at +05:30 as dd/mm/yyyy hh:mm:ss AM/PM', () => {
    expect(formatDisplayTime('2026-02-10T09:15:07Z')).toBe('10/02/2026 02:45:07 PM');
    expect(formatDisplayTime('2026-02-10T03:04:05.999Z')).toBe('10/02/2026 08:34:05 AM');
  });

  it('shows midnight at +05:30 as 12 AM and noon as 12 PM', () => {
    expect(formatDisplayTime('2026-02-10T18:30:00Z')).toBe('11/02/2026 12:00:00 AM');
    expect(formatDisplayTime('2026-02-10T18:29:59Z')).toBe('10/02/2026 11:59:59 PM');
    expect(formatDisplayTime('2026-02-10T06:30:00Z')).toBe('10/02/2026 12:00:00 PM');
    expect(formatDisplayTime('2026-02-10T06:29:59Z')).toBe('10/02/2026 11:59:59 AM');
    expect(formatDisplayTime('2026-02-10T07:30:00Z')).toBe('10/02/2026 01:00:00 PM');
  });

  it('rolls into the next year and a leap day', () => {
    expect(formatDisplayTime('2025-12-31T20:00:00Z')).toBe('01/01/2026 01:30:00 AM');
    expect(formatDisplayTime('2024-02-28T19:00:00Z')).toBe('29/02/2024 12:30:00 AM');
  });

  it('ignores daylight saving and the machine zone: the offset is fixed', () => {
    expect(formatDisplayTime('2026-07-01T00:00:00Z')).toBe('01/07/2026 05:30:00 AM');
    expect(formatDisplayTime('2026-07-01T00:00:00')).toBe('01/07/2026 05:30:00 AM');
  });

  it('accepts a Date, an offset ISO string and epoch milliseconds alike', () => {
    const shown = '10/02/2026 02:45:07 PM';
    expect(formatDisplayTime(new Date('2026-02-10T09:15:07Z'))).toBe(shown);
    expect(formatDisplayTime('2026-02-10T14:45:07+05:30')).toBe(shown);
    expect(formatDisplayTime(Date.UTC(2026, 1, 10, 9, 15, 7))).toBe(shown);
  });

  it('shows N/A when missing and Invalid when unreadable', () => {
    expect(formatDisplayTime(undefined)).toBe('N/A');
    expect(formatDisplayTime(null)).toBe('N/A');
    expect(formatDisplayTime('')).toBe('N/A');
    expect(formatDisplayTime('abc')).toBe('Invalid');
    expect(formatDisplayTime(new Date('nope'))).toBe('Invalid');
    expect(formatDisplayTime(Number.NaN)).toBe('Invalid');
  });
});
