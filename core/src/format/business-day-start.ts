// The instant a business day starts, which dates the dashboard's records: the web groups them
// back by business day, so the instant must fall on that day in the business time zone.
import { businessDay } from './business-days.js';
import { dayToUtcMidnight } from './calendar-days.js';

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at an instant (milliseconds). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClockFormatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  const wallClock = Date.UTC(
    parts['year'] ?? 0,
    (parts['month'] ?? 1) - 1,
    parts['day'] ?? 1,
    parts['hour'] ?? 0,
    parts['minute'] ?? 0,
    parts['second'] ?? 0,
  );
  return wallClock - (instant - (((instant % 1000) + 1000) % 1000));
}

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
