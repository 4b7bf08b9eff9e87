// The app's views and clicks go into the per-day counters and the totals through a group
// commit: the events of requests arriving together are summed and written in one transaction,
// and a request is answered only once its events are committed. Only events of items that
// exist are counted (known-items.ts), and one address sends at most so many per second.
import {
  businessDay,
  trackingMessages,
  type TrackEvent,
  type UnreadableEvent,
} from '@dealdesk/core';
import { defaultTrackEventsPerAddress } from '../../config.js';
import type { AppContext } from '../../context.js';
import { RateLimited } from '../../http/errors.js';
import { createGroupCommit, GroupCommitFull } from './group-commit.js';
import { tally, totalsFor, type DatedEvent } from './deltas.js';
import { knownItems } from './known-items.js';
import { trackingRepository } from './repository.js';

export const ingestionMessages = {
  busy: 'Too many events right now. Please send them again in a moment.',
  addressBusy: 'Too many events from this address. Please send them again in a moment.',
} as const;

/**
 * Events taken per address in the current second of the server's clock. Only this second's
 * addresses are held, so the memory is bounded by what one second can bring.
 */
function perAddressWindow(limit: number, clock: () => Date) {
  let second = -1;
  const taken = new Map<string, number>();
  return (address: string, events: number): boolean => {
    if (limit === 0) return true;
    const now = Math.floor(clock().getTime() / 1000);
    if (now !== second) {
      second = now;
      taken.clear();
    }
    const used = taken.get(address) ?? 0;
    if (used + events > limit) return false;
    taken.set(address, used + events);
    return true;
  };
}

/**
 * Events wait at most 10 ms for company: a commit has a fixed cost of a few milliseconds
 * (bench/ingestion.mjs). 200,000 waiting events (about 10 MB) bound a burst's memory.
 */
/** One event of a batch not counted: its index, the field at fault and why. */
export interface RejectedEvent {
  index: number;
  field: string;
  message: string;
}

const refusal = (index: number, { field, message }: UnreadableEvent['unreadable']) => ({
  index,
  field,
  message: trackingMessages.ofEvent(index, field, message),
});

/** Both refusals last no longer than the current second: the next one may be taken. */
const retryAfterSeconds = 1;

export const groupCommitSettings = { maxGroup: 10_000, maxWaitMs: 10, maxPending: 200_000 };

export function eventIngestion(
  { db, clock, config, metrics, changes }: AppContext,
  settings: typeof groupCommitSettings = groupCommitSettings,
) {
  const repo = trackingRepository(db);
  const items = knownItems({ db, changes });
  const fromAddress = perAddressWindow(
    config.trackEventsPerAddress ?? defaultTrackEventsPerAddress,
    clock,
  );
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
    /**
     * Resolves once the readable events of existing items are committed, with how many were
     * counted and each other event's refusal (429 when overloaded or the address sends too
     * many: then nothing is counted).
     */
    async record(
      events: readonly (TrackEvent | UnreadableEvent)[],
      address: string,
    ): Promise<{ accepted: number; rejected: RejectedEvent[] }> {
      if (!fromAddress(address, events.length))
        throw new RateLimited(ingestionMessages.addressBusy, retryAfterSeconds);
      const rejected: RejectedEvent[] = [];
      const readable: (TrackEvent & { index: number })[] = [];
      events.forEach((event, index) => {
        if ('unreadable' in event) rejected.push(refusal(index, event.unreadable));
        else readable.push({ ...event, index });
      });
      const { known, unknown } = await items.filter(readable);
      for (const { index, kind } of unknown)
        rejected.push(refusal(index, { field: 'id', message: trackingMessages.unknownItem(kind) }));
      const day = businessDay(clock(), config.timeZone);
      try {
        await groups.add(known.map(({ kind, id, event }) => ({ kind, id, event, day })));
      } catch (error) {
        if (error instanceof GroupCommitFull)
          throw new RateLimited(ingestionMessages.busy, retryAfterSeconds);
        throw error;
      }
      metrics.trackedEvents({
        accepted: known.length,
        malformed: events.length - readable.length,
        unknown: unknown.length,
      });
      return { accepted: known.length, rejected: rejected.sort((a, b) => a.index - b.index) };
    },
    /** Commits whatever waits. */
    drain: () => groups.drain(),
  };
}
