// The instant a business day starts, which dates the dashboard's records: the web groups them
// back by business day, so the instant must fall on that day in the business time zone.
import { businessDay } from './business-days.js';
import { dayToUtcMidnight } from './calendar-days.js';
import { zoneOffsetMs } from './zone-times.js';

function computeDayStart(day: string, timeZone: string): string {
  const utcMidnight = dayToUtcMidnight(day).getTime();
  const first = utcMidnight - zoneOffsetMs(utcMidnight, timeZone);
  const second = utcMidnight - zoneOffsetMs(first, timeZone);
  // The two guesses differ only around a daylight-saving change (some zones skip midnight):
  // the day starts at the earlier guess that is on that day.
  const onDay = [first, second].filter((instant) => businessDay(instant, timeZone) === day);
  return new Date(onDay.length === 0 ? first : Math.min(...onDay)).toISOString();
}

// Time zone rules do not change while the process runs, and only days with counts are asked.
const dayStarts = new Map<string, string>();

/**
 * The first instant (ISO, UTC) of a yyyy-mm-dd business day in the time zone. Throws a
 * RangeError when the day is not a real yyyy-mm-dd day.
 */
export function businessDayStart(day: string, timeZone: string): string {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = computeDayStart(day, timeZone);
    dayStarts.set(key, start);
  }
  return start;
}
