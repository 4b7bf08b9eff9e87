import type { CountRecord } from '../entities/dashboard.js';
import type { DateRangeQuery } from '../schemas/ads.js';
import { businessDay, defaultBusinessTimeZone } from './business-days.js';
import { addDays, dayToUtcMidnight } from './calendar-days.js';
import { readInstant } from './instants.js';

/** One dashboard chart's points: dates as dd/mm/yyyy (en-GB), oldest first, with their counts. */
export interface DailySeries {
  dates: string[];
  counts: number[];
  /** The compared period's count on the same day of it, null past its end (a shorter month). */
  previous?: (number | null)[];
}

const dayOnly = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The yyyy-mm-dd day a record counts for: a bare day as it is (reading it as an instant
 * would move it in zones west of UTC), an instant as its business day, undefined otherwise.
 */
function recordDay(createdAt: string, timeZone: string): string | undefined {
  if (dayOnly.test(createdAt)) {
    try {
      dayToUtcMidnight(createdAt);
      return createdAt;
    } catch {
      return undefined;
    }
  }
  const instant = readInstant(createdAt);
  return instant === undefined ? undefined : businessDay(instant, timeZone);
}

/**
 * The per-day series of a views or clicks dashboard: records grouped by the day of their
 * createdAt, counts summed per day, days in calendar order. No records (or none with a
 * readable createdAt, which are left out) gives null: there is no chart to draw, and the
 * screen shows its loading placeholder instead.
 */
export function buildDailySeries(
  records: readonly CountRecord[] | null | undefined,
  timeZone: string = defaultBusinessTimeZone,
): DailySeries | null {
  const countsByDay = sumByDay(records, timeZone);
  if (countsByDay.size === 0) return null;
  // yyyy-mm-dd strings sort as the days do; dd/mm/yyyy ones would not.
  const days = [...countsByDay.keys()].sort();
  return {
    dates: days.map(formatDisplayDay),
    counts: days.map((day) => countsByDay.get(day) ?? 0),
  };
}

function sumByDay(
  records: readonly CountRecord[] | null | undefined,
  timeZone: string,
): Map<string, number> {
  const countsByDay = new Map<string, number>();
  for (const record of records ?? []) {
    const day = recordDay(record.createdAt, timeZone);
    if (day !== undefined) countsByDay.set(day, (countsByDay.get(day) ?? 0) + record.count);
  }
  return countsByDay;
}

/** A yyyy-mm-dd day as every screen writes it: dd/mm/yyyy. */
export const formatDisplayDay = (day: string) => day.split('-').reverse().join('/');

/** The yyyy-mm-dd days of a range, in order. */
function daysOf({ startDate, endDate }: DateRangeQuery): string[] {
  const days: string[] = [];
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * Every day of a range with its count (0 on a day without one), beside the compared period's
 * count on the same day of that period: the current line and its faint previous one. Null
 * when the range has no readable record, as buildDailySeries.
 */
export function comparedDailySeries(
  current: { records: readonly CountRecord[] | null | undefined; range: DateRangeQuery },
  previous: { records: readonly CountRecord[] | null | undefined; range: DateRangeQuery },
  timeZone: string = defaultBusinessTimeZone,
): DailySeries | null {
  const now = sumByDay(current.records, timeZone);
  if (now.size === 0) return null;
  const before = sumByDay(previous.records, timeZone);
  const days = daysOf(current.range);
  const previousDays = daysOf(previous.range);
  return {
    dates: days.map(formatDisplayDay),
    counts: days.map((day) => now.get(day) ?? 0),
    previous: days.map((_, index) => {
      const day = previousDays[index];
      return day === undefined ? null : (before.get(day) ?? 0);
    }),
  };
}

/** The chart tooltip, the same wording for the views and the clicks series. */
export function dailyCountTooltip(count: number, date: string): string {
  return `${String(count)} Clicks on ${date}`;
}
