import { displayOffsetMinutes, formatDisplayTime as formatCoreTime } from '@dealdesk/core';

/** The back-office's fixed offset (+05:30, India Standard Time, no daylight saving). */
export const displayZone = (() => {
  const sign = displayOffsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(displayOffsetMinutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
})();

/**
 * A stored time as the web app shows it (core's formatDisplayTime: the fixed business offset,
 * not this machine's zone) with that zone written after it, e.g. `25/11/2026 10:00:00 AM +05:30`,
 * so nobody reads it as local time. 'N/A' and 'Invalid' stay as they are.
 */
export function formatDisplayTime(time: Parameters<typeof formatCoreTime>[0]): string {
  const text = formatCoreTime(time);
  return /\d/.test(text) ? `${text} ${displayZone}` : text;
}
