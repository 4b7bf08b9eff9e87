import {
  customRange,
  datePreset,
  type DatePresetName,
  type DateRangeChoice,
  type DateRangeQuery,
} from '@dealdesk/core';
import { runtimeConfig } from '../app/runtime-config.js';
import { useState } from 'react';

export interface DateRangeState {
  choice: DateRangeChoice;
  range: DateRangeQuery;
}

/**
 * The range of the web-ads, analytics and item dashboard screens: a quick range (today first), or 'range'
 * once a date is typed by hand. Days are counted in the business time zone.
 */
export function useDateRange(initial: DatePresetName = 'today') {
  const [state, setState] = useState<DateRangeState>(() => ({
    choice: initial,
    range: datePreset(initial, new Date(), runtimeConfig().timeZone),
  }));
  const choose = (name: DatePresetName) =>
    setState({ choice: name, range: datePreset(name, new Date(), runtimeConfig().timeZone) });
  /** A date typed into one of the two inputs; a half-typed or cleared date changes nothing. */
  const type = (field: keyof DateRangeQuery, day: string) =>
    setState((current) => {
      const typed = { ...current.range, [field]: day };
      try {
        return { choice: 'range', range: customRange(typed.startDate, typed.endDate) };
      } catch {
        return current;
      }
    });
  /** 'Custom range' picked before any date is typed: the dates stay, the choice says so. */
  const custom = () => setState((current) => ({ ...current, choice: 'range' }));
  return { ...state, choose, type, custom };
}

export type DateRangeControl = ReturnType<typeof useDateRange>;
