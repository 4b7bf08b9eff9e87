import { describe, expect, it } from 'vitest';
import { iconFileName, sendAtOf } from './notify.js';

describe('--at', () => {
  it('keeps a time with its offset as typed', () => {
    expect(sendAtOf('2026-01-31T18:30:00+05:30')).toBe('2026-01-31T18:30:00+05:30');
    expect(sendAtOf(' 2026-01-31T13:00:00Z ')).toBe('2026-01-31T13:00:00Z');
  });

  it("reads a time without an offset in the machine's zone", () => {
    const local = '2026-01-31T18:30:00';
    expect(sendAtOf(local)).toBe(new Date(local).toISOString());
  });

  it('passes what is no time to the schema, and nothing when left out', () => {
    expect(sendAtOf('tomorrow-ish')).toBe('tomorrow-ish');
    expect(sendAtOf(undefined)).toBeUndefined();
  });
});

describe('icon of a resend', () => {
  it('is the bare file name of the stored icon, or none', () => {
    expect(iconFileName('/media/notifications/0a1b2c.png')).toBe('0a1b2c.png');
    expect(iconFileName('https://deals.example.test/media/icon.gif?v=2')).toBe('icon.gif');
    expect(iconFileName('')).toBeUndefined();
    expect(iconFileName('/media/')).toBeUndefined();
  });
});
