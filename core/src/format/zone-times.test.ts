import { describe, expect, it } from 'vitest';
import { wallClockInstant, wallClockOf, zoneOffsetLabel } from './zone-times.js';

describe('wall-clock times of a named zone', () => {
  it('reads a typed time in the business zone, whatever the machine runs in', () => {
    expect(wallClockInstant('2026-12-01T10:00', 'Asia/Kolkata')).toBe('2026-12-01T04:30:00.000Z');
    expect(wallClockInstant('2026-07-01T10:00', 'Europe/London')).toBe('2026-07-01T09:00:00.000Z');
    expect(wallClockInstant('2026-01-15T23:30:15', 'America/New_York')).toBe(
      '2026-01-16T04:30:15.000Z',
    );
  });

  it('refuses what is no such time', () => {
    expect(wallClockInstant('2026-02-30T10:00', 'Asia/Kolkata')).toBeUndefined();
    expect(wallClockInstant('2026-02-01T25:00', 'Asia/Kolkata')).toBeUndefined();
    expect(wallClockInstant('2026-02-01 10:00', 'Asia/Kolkata')).toBeUndefined();
    expect(wallClockInstant('', 'Asia/Kolkata')).toBeUndefined();
  });

  it('takes a time in a daylight-saving gap as the zone reads it after the jump', () => {
    // New York springs forward from 02:00 to 03:00 on 2026-03-08.
    expect(wallClockInstant('2026-03-08T02:30', 'America/New_York')).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('shows an instant on the zone wall clock, as a datetime-local input takes it', () => {
    expect(wallClockOf('2026-12-01T04:30:00.000Z', 'Asia/Kolkata')).toBe('2026-12-01T10:00');
    expect(wallClockOf('2026-12-31T20:00:00.000Z', 'Asia/Kolkata')).toBe('2027-01-01T01:30');
    expect(wallClockOf(new Date('2026-07-01T09:00:00Z'), 'Europe/London')).toBe('2026-07-01T10:00');
  });

  it('labels the offset at the time it concerns', () => {
    expect(zoneOffsetLabel('Asia/Kolkata')).toBe('UTC+05:30');
    expect(zoneOffsetLabel('Europe/London', '2026-07-01T09:00:00Z')).toBe('UTC+01:00');
    expect(zoneOffsetLabel('Europe/London', '2026-01-01T09:00:00Z')).toBe('UTC+00:00');
    expect(zoneOffsetLabel('America/St_Johns', '2026-01-01T09:00:00Z')).toBe('UTC-03:30');
  });
});
