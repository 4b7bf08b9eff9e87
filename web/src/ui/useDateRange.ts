// The range of the web-ads, analytics and item dashboard screens lives in the address
// (?range=thisMonth, or ?range=range&startDate=&endDate= once a date is typed), so Back, a
// reload and a link to the item dashboard show the same days.
import {
  customRange,
  datePreset,
  datePresetNames,
  type DatePresetName,
  type DateRangeChoice,
  type DateRangeQuery,
} from '@dealdesk/core';
import { runtimeConfig } from '../app/runtime-config.js';
import { useAddressQuery } from './useAddressQuery.js';

export interface DateRangeState {
  choice: DateRangeChoice;
  range: DateRangeQuery;
}

const isPreset = (value: string | null): value is DatePresetName =>
  (datePresetNames as readonly (string | null)[]).includes(value);

const presetState = (name: DatePresetName): DateRangeState => ({
  choice: name,
  range: datePreset(name, new Date(), runtimeConfig().timeZone),
});

/** The range an address names; a preset's days are counted afresh (a link to This Month stays so). */
function readRange(params: URLSearchParams, initial: DatePresetName): DateRangeState {
  const choice = params.get('range');
  if (isPreset(choice)) return presetState(choice);
  if (choice === 'range') {
    try {
      const range = customRange(params.get('startDate') ?? '', params.get('endDate') ?? '');
      return { choice, range };
    } catch {
      return presetState(initial);
    }
  }
  return presetState(initial);
}

/** The address's query for a range: what a link to another screen carries. */
export function rangeAddress({ choice, range }: DateRangeState): Record<string, string> {
  return choice === 'range' ? { range: choice, ...range } : { range: choice };
}

function writeRange(next: URLSearchParams, state: DateRangeState) {
  next.delete('startDate');
  next.delete('endDate');
  for (const [name, value] of Object.entries(rangeAddress(state))) next.set(name, value);
}

/**
 * A quick range (`initial` until one is chosen), or 'range' once a date is typed by hand.
 * Days are counted in the business time zone. Changes replace the address's entry: Back
 * leaves the screen, with its range, rather than stepping through every date typed.
 */
export function useDateRange(initial: DatePresetName = 'today') {
  const [params, update] = useAddressQuery();
  const state = readRange(params, initial);
  const change = (next: (current: DateRangeState) => DateRangeState) =>
    update((query) => writeRange(query, next(readRange(query, initial))), { replace: true });
  const choose = (name: DatePresetName) => change(() => presetState(name));
  /** A date typed into one of the two inputs; a half-typed or cleared date changes nothing. */
  const type = (field: keyof DateRangeQuery, day: string) =>
    change((current) => {
      const typed = { ...current.range, [field]: day };
      try {
        return { choice: 'range', range: customRange(typed.startDate, typed.endDate) };
      } catch {
        return current;
      }
    });
  /** 'Custom range' picked before any date is typed: the dates stay, the choice says so. */
  const custom = () => change((current) => ({ ...current, choice: 'range' }));
  return { ...state, choose, type, custom };
}

export type DateRangeControl = ReturnType<typeof useDateRange>;
