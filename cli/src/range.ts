// The analytics range from --range / --from --to, in days of the business time zone (the CLI
// may run on a machine in another zone than the shop's).
import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import {
  adMessages,
  customRange,
  datePreset,
  datePresetNames,
  type DatePresetName,
  type DateRangeQuery,
} from '@dealdesk/core';
import { businessZone } from './business-zone.js';
import { usageError } from './exit.js';

export interface RangeOptions {
  range?: DatePresetName;
  from?: string;
  to?: string;
  tz?: string;
}

/** --range, --from, --to and --tz on a command that reads a range of days. */
export const rangeOptions = <
  Args extends unknown[],
  Opts extends OptionValues,
  Globals extends OptionValues,
>(
  command: Command<Args, Opts, Globals>,
) =>
  command
    .addOption(new Option('--range <preset>', 'quick range').choices(datePresetNames))
    .option('--from <yyyy-mm-dd>', 'first day of a custom range (with --to)')
    .option('--to <yyyy-mm-dd>', 'last day of a custom range (with --from)')
    .option('--tz <zone>', 'business time zone of the days (default $DEALDESK_TZ or Asia/Kolkata)');

export interface ChosenRange extends DateRangeQuery {
  /** 'today' ... 'thisYear', or 'range' for days given by hand. */
  name: DatePresetName | 'range';
}

export function chosenRange(
  options: RangeOptions,
  env: NodeJS.ProcessEnv,
  now: Date = new Date(),
): ChosenRange {
  const timeZone = businessZone(options.tz, env);
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
