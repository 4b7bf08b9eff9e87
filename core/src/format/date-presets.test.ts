import { describe, expect, it } from 'vitest';
import { datePresetNames } from '../constants.js';
import {
  customRange,
  datePreset,
  datePresetLabels,
  previousPeriod,
  todayIn,
} from './date-presets.js';

/** 10:00 in Asia/Kolkata on the given day. */
const kolkataMorning = (day: string): Date => new Date(`${day}T04:30:00Z`);

describe('todayIn', () => {
  it('is already tomorrow in Asia/Kolkata late in the UTC evening', () => {
    const lateEvening = new Date('2026-02-10T20:00:00Z');
    expect(todayIn('UTC', lateEvening)).toBe('2026-02-10');
    expect(todayIn('Asia/Kolkata', lateEvening)).toBe('2026-02-11');
  });

  it('defaults to the current instant', () => {
    const before = todayIn('UTC', new Date());
    const today = todayIn('UTC');
    expect([before, todayIn('UTC', new Date())]).toContain(today);
  });
});

describe('datePreset', () => {
  it('today and yesterday, across a year boundary', () => {
    const newYear = kolkataMorning('2026-01-01');
    expect(datePreset('today', newYear)).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-01',
    });
    expect(datePreset('yesterday', newYear)).toEqual({
      startDate: '2025-12-31',
      endDate: '2025-12-31',
    });
  });

  it('counts in Asia/Kolkata by default: 20:00 UTC is already the next day', () => {
    const lateEvening = new Date('2026-02-10T20:00:00Z');
    expect(datePreset('today', lateEvening)).toEqual({
      startDate: '2026-02-11',
      endDate: '2026-02-11',
    });
    expect(datePreset('today', lateEvening, 'UTC')).toEqual({
      startDate: '2026-02-10',
      endDate: '2026-02-10',
    });
  });

  it.each([
    ['a Sunday', '2026-02-08'],
    ['a Wednesday', '2026-02-11'],
    ['a Saturday', '2026-02-14'],
  ])('thisWeek on %s runs Sunday to Saturday', (_, day) => {
    expect(datePreset('thisWeek', kolkataMorning(day))).toEqual({
      startDate: '2026-02-08',
      endDate: '2026-02-14',
    });
  });

  it('thisWeek moves to the next week when Saturday night turns into Sunday in Kolkata', () => {
    // Saturday 2026-02-14 19:00 UTC is Sunday 00:30 in Kolkata.
    const saturdayEveningUtc = new Date('2026-02-14T19:00:00Z');
    expect(datePreset('thisWeek', saturdayEveningUtc)).toEqual({
      startDate: '2026-02-15',
      endDate: '2026-02-21',
    });
    expect(datePreset('thisWeek', saturdayEveningUtc, 'UTC')).toEqual({
      startDate: '2026-02-08',
      endDate: '2026-02-14',
    });
  });

  it('thisWeek spans a month and a year boundary', () => {
    expect(datePreset('thisWeek', kolkataMorning('2026-01-01'))).toEqual({
      startDate: '2025-12-28',
      endDate: '2026-01-03',
    });
  });

  it('thisMonth runs from the first to the last day, leap February included', () => {
    expect(datePreset('thisMonth', kolkataMorning('2024-02-15'))).toEqual({
      startDate: '2024-02-01',
      endDate: '2024-02-29',
    });
    expect(datePreset('thisMonth', kolkataMorning('2026-02-15'))).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    expect(datePreset('thisMonth', kolkataMorning('2026-12-31'))).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
  });

  it('last6Months reaches back across a year boundary to the end of this month', () => {
    expect(datePreset('last6Months', kolkataMorning('2026-02-10'))).toEqual({
      startDate: '2025-09-01',
      endDate: '2026-02-28',
    });
    expect(datePreset('last6Months', kolkataMorning('2024-02-29'))).toEqual({
      startDate: '2023-09-01',
      endDate: '2024-02-29',
    });
    expect(datePreset('last6Months', kolkataMorning('2026-06-30'))).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-06-30',
    });
  });

  it('thisYear is the whole calendar year of the business day', () => {
    expect(datePreset('thisYear', kolkataMorning('2026-02-10'))).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    // 31 December 19:00 UTC is already 1 January in Kolkata.
    expect(datePreset('thisYear', new Date('2025-12-31T19:00:00Z'))).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
  });

  it('has a label for every preset, in the spec wording', () => {
    expect(datePresetNames.map((name) => datePresetLabels[name])).toEqual([
      'Today',
      'Yesterday',
      'This Week',
      'This Month',
      'Last 6 Months',
      'This Year',
    ]);
  });
});

describe('customRange', () => {
  it('keeps dates typed in order', () => {
    expect(customRange('2026-02-01', '2026-02-10')).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-10',
    });
    expect(customRange('2026-02-01', '2026-02-01')).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-01',
    });
  });

  it('swaps dates typed back to front', () => {
    expect(customRange('2026-02-10', '2025-12-01')).toEqual({
      startDate: '2025-12-01',
      endDate: '2026-02-10',
    });
  });

  it('refuses a day that is not a real yyyy-mm-dd', () => {
    expect(() => customRange('2026-02-30', '2026-03-01')).toThrow(RangeError);
    expect(() => customRange('2026-02-01', '')).toThrow(RangeError);
  });
});

describe('previousPeriod', () => {
  it('is the whole month, six months or year before for those quick ranges', () => {
    const march = kolkataMorning('2026-03-31');
    expect(previousPeriod('thisMonth', datePreset('thisMonth', march))).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    expect(previousPeriod('last6Months', datePreset('last6Months', march))).toEqual({
      startDate: '2025-04-01',
      endDate: '2025-09-30',
    });
    expect(previousPeriod('thisYear', datePreset('thisYear', march))).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
  });

  it('is as many days ending the day before for a day, a week or a typed range', () => {
    const newYear = kolkataMorning('2026-01-01');
    expect(previousPeriod('today', datePreset('today', newYear))).toEqual({
      startDate: '2025-12-31',
      endDate: '2025-12-31',
    });
    expect(previousPeriod('thisWeek', datePreset('thisWeek', newYear))).toEqual({
      startDate: '2025-12-21',
      endDate: '2025-12-27',
    });
    expect(previousPeriod('range', customRange('2026-03-01', '2026-03-10'))).toEqual({
      startDate: '2026-02-19',
      endDate: '2026-02-28',
    });
  });
});
