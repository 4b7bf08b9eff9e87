import type { datePresetNames } from '../constants.js';
import type { DateRangeQuery } from '../schemas/ads.js';
import { businessDay, defaultBusinessTimeZone } from './business-days.js';
import {
  addDays,
  dayToUtcMidnight,
  firstOfMonth,
  lastOfMonth,
  weekdayOf,
} from './calendar-days.js';

export type DatePresetName = (typeof datePresetNames)[number];
/** What the range selector holds: a quick range, or 'range' once a date is typed by hand. */
export type DateRangeChoice = DatePresetName | 'range';

export const datePresetLabels: Readonly<Record<DatePresetName, string>> = {
  today: 'Today',
  yesterday: 'Yesterday',
  thisWeek: 'This Week',
  thisMonth: 'This Month',
  last6Months: 'Last 6 Months',
  thisYear: 'This Year',
};

/** Today's yyyy-mm-dd day in the time zone: the default of every date input. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return businessDay(now, timeZone);
}

const presetRanges: Readonly<Record<DatePresetName, (today: string) => DateRangeQuery>> = {
  today: (today) => ({ startDate: today, endDate: today }),
  yesterday: (today) => {
    const yesterday = addDays(today, -1);
    return { startDate: yesterday, endDate: yesterday };
  },
  // Sunday to Saturday, also when that runs into days still to come.
  thisWeek: (today) => {
    const sunday = addDays(today, -weekdayOf(today));
    return { startDate: sunday, endDate: addDays(sunday, 6) };
  },
  thisMonth: (today) => ({ startDate: firstOfMonth(today), endDate: lastOfMonth(today) }),
  // The current month and the five before it.
  last6Months: (today) => ({ startDate: firstOfMonth(today, -5), endDate: lastOfMonth(today) }),
  // The whole calendar year, as thisMonth is the whole month.
  thisYear: (today) => {
    const year = today.slice(0, 4);
    return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
  },
};

/** The yyyy-mm-dd days a quick range covers, counted in the business time zone. */
export function datePreset(
  name: DatePresetName,
  now: Date = new Date(),
  timeZone: string = defaultBusinessTimeZone,
): DateRangeQuery {
  return presetRanges[name](todayIn(timeZone, now));
}

/**
 * A range typed by hand ('range'). Two days entered back to front are swapped rather than
 * refused, so the query always reads start <= end. Throws a RangeError for a non-day.
 */
export function customRange(startDate: string, endDate: string): DateRangeQuery {
  dayToUtcMidnight(startDate);
  dayToUtcMidnight(endDate);
  return startDate <= endDate ? { startDate, endDate } : { startDate: endDate, endDate: startDate };
}

/** Days from start to end, both counted. */
function daysIn(range: DateRangeQuery): number {
  return (
    (dayToUtcMidnight(range.endDate).getTime() - dayToUtcMidnight(range.startDate).getTime()) /
      86_400_000 +
    1
  );
}

/**
 * The period a range is compared with: the month, six months or year before for those
 * quick ranges (months differ in length), otherwise as many days ending the day before.
 */
export function previousPeriod(choice: DateRangeChoice, range: DateRangeQuery): DateRangeQuery {
  const { startDate } = range;
  if (choice === 'thisMonth') {
    const start = firstOfMonth(startDate, -1);
    return { startDate: start, endDate: lastOfMonth(start) };
  }
  if (choice === 'last6Months' || choice === 'thisYear') {
    return {
      startDate: firstOfMonth(startDate, choice === 'thisYear' ? -12 : -6),
      endDate: addDays(startDate, -1),
    };
  }
  const endDate = addDays(startDate, -1);
  return { startDate: addDays(endDate, 1 - daysIn(range)), endDate };
}
