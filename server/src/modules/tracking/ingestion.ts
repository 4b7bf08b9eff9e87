// The app's views and clicks go into the per-day counters and the totals through a group
// commit: the events of requests arriving together are summed and written in one transaction,
// and a request is answered only once its events are committed.
import { businessDay, type TrackEvent } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { createGroupCommit, GroupCommitFull } from './group-commit.js';
import { tally, totalsFor, type DatedEvent } from './deltas.js';
import { trackingRepository } from './repository.js';

export const ingestionMessages = {
  busy: 'Too many events right now. Please send them again in a moment.',
} as const;

/**
 * Events wait at most 10 ms for company: a commit has a fixed cost of a few milliseconds
 * (bench/ingestion.mjs). 200,000 waiting events (about 10 MB) bound a burst's memory.
 */
export const groupCommitSettings = { maxGroup: 10_000, maxWaitMs: 10, maxPending: 200_000 };

export function eventIngestion(
  { db, clock, config, metrics }: AppContext,
  settings: typeof groupCommitSettings = groupCommitSettings,
) {
  const repo = trackingRepository(db);
  const groups = createGroupCommit<DatedEvent>({
    ...settings,
    commit: async (events) => {
      const daily = tally(events);
      await repo.addCounts(daily, totalsFor(daily));
      metrics.trackingCommit(events.length);
    },
  });
  metrics.gauge(
    'dealdesk_tracking_queue_events',
    'Events waiting for the next tracking commit',
    () => groups.pending,
  );
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
