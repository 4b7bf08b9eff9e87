/** What a displayed value reads when there is nothing to show, or nothing sensible. */
export const missingText = 'N/A';
export const invalidText = 'Invalid';

/** Absent from an answer or a form: undefined, null or blank text. */
export function isMissing(value: unknown): value is undefined | null | '' {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

// An ISO date-time with no Z and no offset, which engines would read in the machine's zone.
const zonelessDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The instant a Date, an ISO string or epoch milliseconds stands for, or undefined when it
 * is not one. Times are stored in UTC, so an ISO date-time without an offset is read as
 * UTC rather than in whatever zone the browser or server happens to run.
 */
export function readInstant(value: Date | string | number): Date | undefined {
  const text = typeof value === 'string' ? value.trim() : undefined;
  const instant =
    value instanceof Date
      ? value
      : new Date(text !== undefined && zonelessDateTime.test(text) ? `${text}Z` : (text ?? value));
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}
