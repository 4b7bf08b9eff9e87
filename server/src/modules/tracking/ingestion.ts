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

/**
 * Sums events into one delta per item and day and one per item, in key order (so that
 * concurrent writers lock rows in the same order).
 */
export function tally(events: readonly DatedEvent[]): {
  daily: DailyDelta[];
  totals: TotalDelta[];
} {
  const daily = new Map<string, DailyDelta & { key: string }>();
  const totals = new Map<string, TotalDelta & { key: string }>();
  for (const { id, kind, day, event } of events) {
    const dayKey = `${id} ${day}`;
    const onDay = daily.get(dayKey) ?? { key: dayKey, itemId: id, kind, day, views: 0, clicks: 0 };
    const total = totals.get(id) ?? { key: id, itemId: id, kind, views: 0, clicks: 0 };
    const field = event === 'view' ? 'views' : 'clicks';
    onDay[field] += 1;
    total[field] += 1;
    daily.set(dayKey, onDay);
    totals.set(id, total);
  }
  const withoutKey = <T extends { key: string }>({ key: _key, ...delta }: T) => delta;
  return {
    daily: [...daily.values()].sort(byKey).map(withoutKey),
    totals: [...totals.values()].sort(byKey).map(withoutKey),
  };
}

export function eventIngestion({ db, clock, config }: AppContext) {
  const repo = trackingRepository(db);
  const groups = createGroupCommit<DatedEvent>({
    ...groupCommitSettings,
    commit: (events) => {
      const { daily, totals } = tally(events);
      return repo.addCounts(daily, totals);
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
