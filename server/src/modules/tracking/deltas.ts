// Events summed into counter deltas: one per item and business day, and one per item for
// the totals, in key order so that concurrent writers lock rows in the same order.
import type { TrackEvent } from '@dealdesk/core';
import type { DailyDelta, TotalDelta } from './repository.js';

/** An event with the business day it arrived on. */
export interface DatedEvent extends TrackEvent {
  day: string;
}

const byKey = <T extends { key: string }>(a: T, b: T) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
const withoutKey = <T extends { key: string }>({ key: _key, ...delta }: T) => delta;

/** Sums events into one delta per item and day. */
export function tally(events: readonly DatedEvent[]): DailyDelta[] {
  const daily = new Map<string, DailyDelta & { key: string }>();
  for (const { id, kind, day, event } of events) {
    const key = `${id} ${day}`;
    let delta = daily.get(key);
    if (delta === undefined) {
      delta = { key, itemId: id, kind, day, views: 0, clicks: 0 };
      daily.set(key, delta);
    }
    delta[event === 'view' ? 'views' : 'clicks'] += 1;
  }
  return [...daily.values()].sort(byKey).map(withoutKey);
}

/** What per-day deltas add to each item's totals. */
export function totalsFor(daily: readonly DailyDelta[]): TotalDelta[] {
  const totals = new Map<string, TotalDelta & { key: string }>();
  for (const { itemId, kind, views, clicks } of daily) {
    let total = totals.get(itemId);
    if (total === undefined) {
      total = { key: itemId, itemId, kind, views: 0, clicks: 0 };
      totals.set(itemId, total);
    }
    total.views += views;
    total.clicks += clicks;
  }
  return [...totals.values()].sort(byKey).map(withoutKey);
}
