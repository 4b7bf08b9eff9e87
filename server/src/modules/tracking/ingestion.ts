// The app's views and clicks go into the per-day counters and the totals through a group
// commit: the events of requests arriving together are summed and written in one transaction,
// and a request is answered only once its events are committed.
import { businessDay, type TrackEvent } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { createGroupCommit, GroupCommitFull } from './group-commit.js';
import { trackingRepository, type DailyDelta, type TotalDelta } from './repository.js';

/** An event with the business day it arrived on. */
export interface DatedEvent extends TrackEvent {
  day: string;
}

export const ingestionMessages = {
  busy: 'Too many events right now. Please send them again in a moment.',
} as const;

/** Tuned with bench/ingestion.mjs: a commit takes about a millisecond on SQLite. */
const groupCommitSettings = { maxGroup: 10_000, maxWaitMs: 2, maxPending: 200_000 };

const byKey = <T extends { key: string }>(a: T, b: T) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
const withoutKey = <T extends { key: string }>({ key: _key, ...delta }: T) => delta;

/**
 * Sums events into one delta per item and day, in key order (so that concurrent writers
 * lock rows in the same order).
 */
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

/** What per-day deltas add to each item's totals, in item order. */
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

export function eventIngestion({ db, clock, config }: AppContext) {
  const repo = trackingRepository(db);
  const groups = createGroupCommit<DatedEvent>({
    ...groupCommitSettings,
    commit: (events) => {
      const daily = tally(events);
      return repo.addCounts(daily, totalsFor(daily));
    },
  });
  return {
    /** Resolves with the number of events once they are committed (429 when overloaded). */
    async record(events: readonly TrackEvent[]): Promise<number> {
      const day = businessDay(clock(), config.timeZone);
      try {
        await groups.add(events.map((event) => ({ ...event, day })));
      } catch (error) {
        if (error instanceof GroupCommitFull) throw new HttpError(429, ingestionMessages.busy);
        throw error;
      }
      return events.length;
    },
    /** Commits whatever waits. */
    drain: () => groups.drain(),
  };
}
