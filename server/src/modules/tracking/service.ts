// What other modules read and clear of the view and click counters. Counts arrive through
// ingestion.ts (POST /api/App/track); nothing here scans raw events, as none are kept.
import { businessDayStart, type CountRecord, type TrackedKind } from '@dealdesk/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AppContext } from '../../context.js';
import { totalsFor } from './deltas.js';
import {
  trackingRepository,
  type DailyDelta,
  type DayCounts,
  type DayRange,
  type ViewClickCounts,
} from './repository.js';

export type { DailyDelta, DayCounts, DayRange, ViewClickCounts } from './repository.js';

/** `within` a transaction, clearing counts commits or rolls back with the caller's writes. */
export function trackingService(context: AppContext, within: Kysely<Database> = context.db) {
  const repo = trackingRepository(within);
  return {
    /** Views and clicks since each item was first counted; zeros for an item never counted. */
    totalsOf: (ids: readonly string[]): Promise<Map<string, ViewClickCounts>> => repo.totalsOf(ids),

    /**
     * Each item of the kind with counts on the business days startDate..endDate (yyyy-mm-dd,
     * both included), with its sums over those days. Items without counts are absent.
     */
    countsInRange: (
      kind: TrackedKind,
      startDate: string,
      endDate: string,
    ): Promise<Map<string, ViewClickCounts>> => repo.kindInRange(kind, { startDate, endDate }),

    /** Adds counts of whole past days at once (imports, the demo data), totals included. */
    addDays: (daily: readonly DailyDelta[]): Promise<void> =>
      repo.addCounts(daily, totalsFor(daily)),

    /** The items of these kinds summed per business day within the range, only days with counts. */
    kindsByDay: (kinds: readonly TrackedKind[], range: DayRange): Promise<DayCounts[]> =>
      repo.kindsByDay(kinds, range),

    /**
     * The chart records of per-day counts: one for each day with a count of the field, dated
     * at the instant its business day starts (the web groups records back by business day).
     */
    countRecords: (days: readonly DayCounts[], field: keyof ViewClickCounts): CountRecord[] =>
      days
        .filter((day) => day[field] > 0)
        .map((day) => ({
          createdAt: businessDayStart(day.day, context.config.timeZone),
          count: day[field],
        })),

    /** The business days within the range with counts of these kinds, in order. */
    daysWithCounts: (kinds: readonly TrackedKind[], range: DayRange) =>
      repo.daysWithCounts(kinds, range),

    /** The items of these kinds with counts on one business day, and their counts. */
    itemsOfDay: (kinds: readonly TrackedKind[], day: string) => repo.itemsOfDay(kinds, day),

    /** One item's counts per business day within the range, only days with counts, in order. */
    itemDays: (itemId: string, range: DayRange): Promise<DayCounts[]> =>
      repo.itemDays(itemId, range),

    /**
     * Forgets the items' counts (deleted items, "clear analytics"), in one transaction: all of
     * them, or those of the business days startDate..endDate, which also leave the totals.
     */
    clearCounts: async (
      ids: readonly string[],
      startDate?: string,
      endDate?: string,
    ): Promise<void> => {
      if (ids.length === 0) return;
      if (startDate === undefined && endDate === undefined) return repo.clearAll(ids);
      // An open end reaches the first or the last day ever counted.
      await repo.clearRange(ids, {
        startDate: startDate ?? '0000-01-01',
        endDate: endDate ?? '9999-12-31',
      });
    },
  };
}

// The product list keeps every item's totals in memory, following their change log.
export { totalsMemory } from './totals-memory.js';
