import { describe, expect, it } from 'vitest';
import { exitCodes } from './exit.js';
import { chosenRange } from './range.js';

// 2026-02-10 20:00 UTC is already the 11th in Kolkata (+05:30), still the 10th in UTC.
const now = new Date('2026-02-10T20:00:00Z');

describe('analytics range', () => {
  it('defaults to today in the business time zone, not the machine one', () => {
    expect(chosenRange({}, {}, now)).toEqual({
      name: 'today',
      startDate: '2026-02-11',
      endDate: '2026-02-11',
    });
    expect(chosenRange({}, { DEALDESK_TZ: 'UTC' }, now).startDate).toBe('2026-02-10');
    expect(chosenRange({ tz: 'UTC' }, { DEALDESK_TZ: 'Asia/Kolkata' }, now).startDate).toBe(
      '2026-02-10',
    );
  });

  it("uses the core's presets", () => {
    expect(chosenRange({ range: 'thisWeek' }, {}, now)).toEqual({
      name: 'thisWeek',
      startDate: '2026-02-08',
      endDate: '2026-02-14',
    });
    expect(chosenRange({ range: 'last6Months' }, {}, now)).toMatchObject({
      startDate: '2025-09-01',
      endDate: '2026-02-28',
    });
  });

  it('takes days by hand, in either order', () => {
    expect(chosenRange({ from: '2026-01-31', to: '2026-01-01' }, {}, now)).toEqual({
      name: 'range',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
  });

  it.each([
    [{ from: '2026-01-01' }, 'both --from and --to'],
    [{ range: 'today' as const, from: '2026-01-01', to: '2026-01-02' }, 'not both'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'yyyy-mm-dd'],
    [{ tz: 'Mars/Olympus' }, 'Unknown time zone'],
  ])('refuses %j as a usage error', (options, message) => {
    expect(() => chosenRange(options, {}, now)).toThrow(message);
    try {
      chosenRange(options, {}, now);
    } catch (error) {
      expect(error).toMatchObject({ exitCode: exitCodes.usage });
    }
  });
});
