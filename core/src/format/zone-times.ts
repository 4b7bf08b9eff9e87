// Times typed and shown on a wall clock of a named zone (the business time zone), whatever the
// zone of the browser or machine in between.

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
export function zoneOffsetMs(instant: number, timeZone: string): number {
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

/** A datetime-local text: yyyy-mm-ddThh:mm, seconds optional. */
const wallClockText = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant (ISO, UTC) a wall-clock time (yyyy-mm-ddThh:mm, as a datetime-local input gives
 * it) names in the time zone; undefined when the text is no such time. In a daylight-saving
 * gap it answers the instant the clock jumps to, as the zone itself would read it.
 */
export function wallClockInstant(text: string, timeZone: string): string | undefined {
  const match = wallClockText.exec(text);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, seconds);
  const read = new Date(asUtc);
  if (read.getUTCDate() !== day || read.getUTCHours() !== hour || read.getUTCMinutes() !== minute)
    return undefined;
  // As businessDayStart: two guesses differ only around a daylight-saving change.
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  const second = asUtc - zoneOffsetMs(first, timeZone);
  const exact = [first, second].find((at) => at + zoneOffsetMs(at, timeZone) === asUtc);
  return new Date(exact ?? Math.max(first, second)).toISOString();
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An instant as the zone's wall clock in datetime-local form (yyyy-mm-ddThh:mm). */
export function wallClockOf(instant: Date | string, timeZone: string): string {
  const at = new Date(instant).getTime();
  const wall = new Date(at + zoneOffsetMs(at, timeZone));
  return `${wall.toISOString().slice(0, 10)}T${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
}

/** The zone's offset from UTC at an instant, as a label says it: 'UTC+05:30', 'UTC-04:00'. */
export function zoneOffsetLabel(timeZone: string, at: Date | string = new Date()): string {
  const instant = new Date(at).getTime();
  const minutes = Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `UTC${sign}${twoDigits(Math.floor(whole / 60))}:${twoDigits(whole % 60)}`;
}
