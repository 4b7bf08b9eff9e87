// The analytics range from --range / --from --to, in days of the business time zone (the CLI
// may run on a machine in another zone than the shop's).
import {
  adMessages,
  businessDay,
  customRange,
  datePreset,
  defaultBusinessTimeZone,
  type DatePresetName,
  type DateRangeQuery,
} from '@dealdesk/core';
import { usageError } from './exit.js';

export interface RangeOptions {
  range?: DatePresetName;
  from?: string;
  to?: string;
  tz?: string;
}

export interface ChosenRange extends DateRangeQuery {
  /** 'today' ... 'thisYear', or 'range' for days given by hand. */
  name: DatePresetName | 'range';
}

export function chosenRange(
  options: RangeOptions,
  env: NodeJS.ProcessEnv,
  now: Date = new Date(),
): ChosenRange {
  const timeZone = options.tz ?? env['DEALDESK_TZ'] ?? defaultBusinessTimeZone;
  try {
    businessDay(now, timeZone);
  } catch {
    throw usageError(`Unknown time zone: ${timeZone}`);
  }
  const byHand = options.from !== undefined || options.to !== undefined;
  if (byHand && options.range !== undefined)
    throw usageError('Give --range or --from/--to, not both');
  if (!byHand) {
    const name = options.range ?? 'today';
    return { name, ...datePreset(name, now, timeZone) };
  }
  if (options.from === undefined || options.to === undefined)
    throw usageError('A custom range needs both --from and --to');
  try {
    return { name: 'range', ...customRange(options.from, options.to) };
  } catch {
    throw usageError(adMessages.dateFormat);
  }
}
