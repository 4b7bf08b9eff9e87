import { describe, expect, it } from 'vitest';
import { isMissing, readInstant } from './instants.js';

describe('isMissing', () => {
  it.each([undefined, null, '', '   '])('%j is missing', (value) => {
    expect(isMissing(value)).toBe(true);
  });

  it.each([0, 'abc', Number.NaN, false, new Date(0)])('%j is present', (value) => {
    expect(isMissing(value)).toBe(false);
  });
});

describe('readInstant', () => {
  it('reads an ISO string, epoch milliseconds and a Date as the same instant', () => {
    const expected = Date.UTC(2026, 1, 10, 12, 0, 0);
    expect(readInstant('2026-02-10T12:00:00.000Z')?.getTime()).toBe(expected);
    expect(readInstant('2026-02-10T17:30:00+05:30')?.getTime()).toBe(expected);
    expect(readInstant(expected)?.getTime()).toBe(expected);
    expect(readInstant(new Date(expected))?.getTime()).toBe(expected);
  });

  it('reads a date-time without an offset as UTC, whatever the machine zone', () => {
    expect(readInstant('2026-02-10T12:00:00')?.toISOString()).toBe('2026-02-10T12:00:00.000Z');
    expect(readInstant(' 2026-02-10T12:00 ')?.toISOString()).toBe('2026-02-10T12:00:00.000Z');
    expect(readInstant('2026-02-10T12:00:00.250')?.toISOString()).toBe('2026-02-10T12:00:00.250Z');
  });

  it('gives undefined for what is not an instant', () => {
    expect(readInstant('abc')).toBeUndefined();
    expect(readInstant(Number.NaN)).toBeUndefined();
    expect(readInstant(new Date('nope'))).toBeUndefined();
  });
});
