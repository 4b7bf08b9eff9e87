import { addDays, dayToUtcMidnight } from './calendar-days.js';
import { readInstant } from './instants.js';

/** The business time zone when none is configured (DEALDESK_TZ). */
export const defaultBusinessTimeZone = 'Asia/Kolkata';

// Building an Intl formatter is costly and the server rolls every event through one.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The yyyy-mm-dd day an instant falls on in a time zone: the day per-day counters and
 * date ranges are keyed by. An ISO date-time without an offset is UTC. Throws a
 * RangeError for an invalid instant or time zone.
 */
export function businessDay(instant: Date | string | number, timeZone: string): string {
  const date = readInstant(instant);
  if (date === undefined) throw new RangeError(`Not a valid instant: ${String(instant)}`);
  const parts = dayFormatterFor(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/**
 * Every day from startDate to endDate inclusive, in order; empty when startDate is after
 * endDate. Throws a RangeError when either is not a real yyyy-mm-dd day.
 */
export function dayRange(startDate: string, endDate: string): string[] {
  dayToUtcMidnight(startDate);
  dayToUtcMidnight(endDate);
  const days: string[] = [];
  // yyyy-mm-dd strings sort as the days do.
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) days.push(day);
  return days;
}
