// The seconds each call may take: here without imports, as program.ts reads them at start.

/** How long one call may take, connecting and answering, unless --timeout or the variable say. */
export const defaultTimeoutSeconds = 30;
/** The longest --timeout: a day (Node's timers end at about 24.8 days). */
const maxTimeoutSeconds = 86_400;

/** `expected ...` when `value` is no number of seconds --timeout or DEALDESK_TIMEOUT take. */
export function parseTimeout(value: string): number | string {
  const seconds = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(seconds) ||
    seconds <= 0 ||
    seconds > maxTimeoutSeconds
  )
    return `expected a number of seconds above 0 and at most ${maxTimeoutSeconds}`;
  return seconds;
}
