// The business time zone a command reads its days and times in: --tz, then DEALDESK_TZ, then the
// default (the CLI may run on a machine in another zone than the shop's).
import { businessDay, defaultBusinessTimeZone } from '@dealdesk/core';
import { usageError } from './exit.js';

/** The zone named by --tz or DEALDESK_TZ, or the default; an unknown zone is a usage error. */
export function businessZone(tz: string | undefined, env: NodeJS.ProcessEnv): string {
  const timeZone = tz ?? env['DEALDESK_TZ'] ?? defaultBusinessTimeZone;
  try {
    businessDay(0, timeZone);
  } catch {
    throw usageError(`Unknown time zone: ${timeZone}`);
  }
  return timeZone;
}
