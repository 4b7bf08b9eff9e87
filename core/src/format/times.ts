import { displayOffsetMinutes } from '../constants.js';
import { invalidText, isMissing, missingText, readInstant } from './instants.js';

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/**
 * A stored time as the back-office shows it: shifted by the fixed +05:30 offset (not the
 * viewer's zone, not daylight saving) and written dd/mm/yyyy hh:mm:ss AM/PM on a 12-hour
 * clock, midnight being 12 AM and noon 12 PM. A missing time reads 'N/A' and one that
 * cannot be read 'Invalid', as counts do.
 */
export function formatDisplayTime(isoOrDate: Date | string | number | null | undefined): string {
  if (isMissing(isoOrDate)) return missingText;
  const instant = readInstant(isoOrDate);
  if (instant === undefined) return invalidText;
  // The shifted instant's UTC fields are the wall clock at the fixed offset.
  const shifted = new Date(instant.getTime() + displayOffsetMinutes * 60_000);
  const hours = shifted.getUTCHours();
  const date = [
    twoDigits(shifted.getUTCDate()),
    twoDigits(shifted.getUTCMonth() + 1),
    String(shifted.getUTCFullYear()).padStart(4, '0'),
  ].join('/');
  const time = [
    hours % 12 === 0 ? 12 : hours % 12,
    shifted.getUTCMinutes(),
    shifted.getUTCSeconds(),
  ]
    .map(twoDigits)
    .join(':');
  return `${date} ${time} ${hours < 12 ? 'AM' : 'PM'}`;
}
