/**
 * Calendar days as yyyy-mm-dd strings. Arithmetic runs on UTC midnights so that neither
 * the machine's time zone nor a daylight-saving change can shift a day.
 */

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight of a yyyy-mm-dd day; throws a RangeError for anything else. */
export function dayToUtcMidnight(day: string): Date {
  const parts = dayPattern.exec(day);
  if (parts === null) throw new RangeError(`Not a yyyy-mm-dd day: ${day}`);
  const [, year, month, date] = parts.map(Number) as [number, number, number, number];
  const midnight = new Date(Date.UTC(year, month - 1, date));
  // Date.UTC rolls 2026-02-30 over to March: a real day survives the round trip.
  if (utcMidnightToDay(midnight) !== day) throw new RangeError(`Not a real day: ${day}`);
  return midnight;
}

export function utcMidnightToDay(midnight: Date): string {
  return midnight.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const midnight = dayToUtcMidnight(day);
  midnight.setUTCDate(midnight.getUTCDate() + days);
  return utcMidnightToDay(midnight);
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(day: string): number {
  return dayToUtcMidnight(day).getUTCDay();
}

/** First day of the month `monthsAhead` months from the day's month (negative goes back). */
export function firstOfMonth(day: string, monthsAhead = 0): string {
  const midnight = dayToUtcMidnight(day);
  return utcMidnightToDay(
    new Date(Date.UTC(midnight.getUTCFullYear(), midnight.getUTCMonth() + monthsAhead, 1)),
  );
}

export function lastOfMonth(day: string): string {
  return addDays(firstOfMonth(day, 1), -1);
}
