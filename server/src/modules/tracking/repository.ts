import type { TrackedKind } from '@dealdesk/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import {
  lockChangeCounter,
  pruneChangeLog,
  readChangeCounter,
  readChangesSince,
} from '../../adapters/storage/change-counters.js';
import type { Database } from '../../adapters/storage/schema.js';

export interface ViewClickCounts {
  views: number;
  clicks: number;
}

/** What one business day added to one item (negative when counts are cleared). */
export interface DailyDelta extends ViewClickCounts {
  itemId: string;
  kind: TrackedKind;
  day: string;
}

export interface TotalDelta extends ViewClickCounts {
  itemId: string;
  kind: TrackedKind;
}

export interface DayCounts extends ViewClickCounts {
  day: string;
}

/** A range of business days, yyyy-mm-dd, both ends included. */
export interface DayRange {
  startDate: string;
  endDate: string;
}

// Keeps every statement well under both dialects' bound-parameter limits.
const rowsPerStatement = 1000;

function* chunks<T>(rows: readonly T[]): Generator<readonly T[]> {
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    yield rows.slice(start, start + rowsPerStatement);
  }
}

const zero = (): ViewClickCounts => ({ views: 0, clicks: 0 });
const sums = (eb: ExpressionBuilder<Database, 'item_daily_counts'>) =>
  [eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('clicks').as('clicks')] as const;
// PostgreSQL answers sums of integers as bigint strings.
const counts = (row: { views: unknown; clicks: unknown }): ViewClickCounts => ({
  views: Number(row.views),
  clicks: Number(row.clicks),
});

async function addToDays(trx: Kysely<Database>, deltas: readonly DailyDelta[]) {
  for (const rows of chunks(deltas)) {
    await trx
      .insertInto('item_daily_counts')
      .values(
        rows.map(({ itemId, day, kind, views, clicks }) => ({
          item_id: itemId,
          day,
          kind,
          views,
          clicks,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['item_id', 'day']).doUpdateSet((eb) => ({
          views: eb('item_daily_counts.views', '+', eb.ref('excluded.views')),
          clicks: eb('item_daily_counts.clicks', '+', eb.ref('excluded.clicks')),
        })),
      )
      .execute();
  }
}

async function addToTotals(trx: Kysely<Database>, deltas: readonly TotalDelta[]) {
  for (const rows of chunks(deltas)) {
    await trx
      .insertInto('item_totals')
      .values(
        rows.map(({ itemId, kind, views, clicks }) => ({ item_id: itemId, kind, views, clicks })),
      )
      .onConflict((conflict) =>
        conflict.columns(['item_id']).doUpdateSet((eb) => ({
          views: eb('item_totals.views', '+', eb.ref('excluded.views')),
          clicks: eb('item_totals.clicks', '+', eb.ref('excluded.clicks')),
        })),
      )
      .execute();
  }
}

/** Give it a transaction to write counts together with other writes. */
export function trackingRepository(db: Kysely<Database>) {
  const inTransaction = (write: (trx: Kysely<Database>) => Promise<void>): Promise<void> =>
    db.isTransaction ? write(db) : db.transaction().execute(write);
  return {
    /**
     * Adds to the per-day counters and the totals in one transaction. Rows are expected in
     * key order, so that concurrent writers (several instances) lock them in the same order.
     */
    addCounts: (daily: readonly DailyDelta[], totals: readonly TotalDelta[]): Promise<void> =>
      inTransaction(async (trx) => {
        await lockChangeCounter(trx, 'totals');
        await addToDays(trx, daily);
        await addToTotals(trx, totals);
      }),

    /** The business days within the range with counts of items of these kinds, in order. */
    daysWithCounts: async (kinds: readonly TrackedKind[], range: DayRange): Promise<string[]> => {
      const rows = await db
        .selectFrom('item_daily_counts')
        .select('day')
        .distinct()
        .where('kind', 'in', kinds)
        .where('day', '>=', range.startDate)
        .where('day', '<=', range.endDate)
        .orderBy('day')
        .execute();
      return rows.map((row) => row.day);
    },

    /** Each item of these kinds with counts on one business day ((kind, day) index). */
    itemsOfDay: async (kinds: readonly TrackedKind[], day: string) => {
      const rows = await db
        .selectFrom('item_daily_counts')
        .select(['item_id', 'kind', 'views', 'clicks'])
        .where('kind', 'in', kinds)
        .where('day', '=', day)
        .execute();
      return rows.map((row) => ({ itemId: row.item_id, kind: row.kind, ...counts(row) }));
    },

    /** The days of one item within the range that have counts, in order. */
    itemDays: async (itemId: string, range: DayRange): Promise<DayCounts[]> => {
      const rows = await db
        .selectFrom('item_daily_counts')
        .select(['day', 'views', 'clicks'])
        .where('item_id', '=', itemId)
        .where('day', '>=', range.startDate)
        .where('day', '<=', range.endDate)
        .orderBy('day')
        .execute();
      return rows.map((row) => ({ day: row.day, ...counts(row) }));
    },

    /**
     * Views and clicks of all items of these kinds per business day, for the days that have
     * any, in order: one grouped read of the per-day counters ((kind, day) index).
     */
    kindsByDay: async (kinds: readonly TrackedKind[], range: DayRange): Promise<DayCounts[]> => {
      const rows = await db
        .selectFrom('item_daily_counts')
        .select((eb) => ['day', ...sums(eb)])
        .where('kind', 'in', kinds)
        .where('day', '>=', range.startDate)
        .where('day', '<=', range.endDate)
        .groupBy('day')
        .orderBy('day')
        .execute();
      return rows.map((row) => ({ day: row.day, ...counts(row) }));
    },

    /** Each item of a kind with counts within the range, and its sums over the range. */
    kindInRange: async (
      kind: TrackedKind,
      range: DayRange,
    ): Promise<Map<string, ViewClickCounts>> => {
      const rows = await db
        .selectFrom('item_daily_counts')
        .select((eb) => ['item_id', ...sums(eb)])
        .where('kind', '=', kind)
        .where('day', '>=', range.startDate)
        .where('day', '<=', range.endDate)
        .groupBy('item_id')
        .execute();
      return new Map(rows.map((row) => [row.item_id, counts(row)]));
    },

    /** The totals of the items, zeros for an item never counted. */
    totalsOf: async (ids: readonly string[]): Promise<Map<string, ViewClickCounts>> => {
      const totals = new Map(ids.map((id) => [id, zero()]));
      for (const chunk of chunks([...totals.keys()])) {
        const rows = await db
          .selectFrom('item_totals')
          .select(['item_id', 'views', 'clicks'])
          .where('item_id', 'in', chunk)
          .execute();
        for (const row of rows) totals.set(row.item_id, counts(row));
      }
      return totals;
    },

    /** The totals of every item, `limit` at a time in id order after item `after`. */
    totalsAfter: async (after: string, limit: number): Promise<[string, ViewClickCounts][]> => {
      const rows = await db
        .selectFrom('item_totals')
        .select(['item_id', 'views', 'clicks'])
        .where('item_id', '>', after)
        .orderBy('item_id')
        .limit(limit)
        .execute();
      return rows.map((row) => [row.item_id, counts(row)]);
    },

    /** How many items have totals. */
    totalsCount: async (): Promise<number> => {
      const { rows } = await db
        .selectFrom('item_totals')
        .select((eb) => eb.fn.countAll<number | string>().as('rows'))
        .executeTakeFirstOrThrow();
      return Number(rows);
    },

    /** The totals' change counter (migration 0011), raised by every change to them. */
    totalsVersion: () => readChangeCounter(db, 'totals'),

    /** The items whose totals changed since counter value `known` (null: reread them all). */
    totalsChangedSince: (known: number, limit: number) =>
      readChangesSince(db, 'totals', known, limit),

    /** Forgets the totals' change log but its last `kept` values. */
    pruneTotalsChanges: (kept: number) => pruneChangeLog(db, 'totals', kept),

    /** Forgets every count of the items, in one transaction. */
    clearAll: (ids: readonly string[]): Promise<void> =>
      inTransaction(async (trx) => {
        await lockChangeCounter(trx, 'totals');
        for (const chunk of chunks(ids)) {
          await trx.deleteFrom('item_daily_counts').where('item_id', 'in', chunk).execute();
          await trx.deleteFrom('item_totals').where('item_id', 'in', chunk).execute();
        }
      }),

    /** Forgets the items' counts of the days in the range and takes them off their totals. */
    clearRange: (ids: readonly string[], range: DayRange): Promise<void> =>
      inTransaction(async (trx) => {
        await lockChangeCounter(trx, 'totals');
        for (const chunk of chunks(ids)) {
          const removed = await trx
            .selectFrom('item_daily_counts')
            .select((eb) => [
              'item_id',
              // One kind per total row, even if the app once sent an id under another kind.
              eb.fn.min('kind').as('kind'),
              ...sums(eb),
            ])
            .where('item_id', 'in', chunk)
            .where('day', '>=', range.startDate)
            .where('day', '<=', range.endDate)
            .groupBy('item_id')
            .orderBy('item_id')
            .execute();
          await trx
            .deleteFrom('item_daily_counts')
            .where('item_id', 'in', chunk)
            .where('day', '>=', range.startDate)
            .where('day', '<=', range.endDate)
            .execute();
          await addToTotals(
            trx,
            removed.map((row) => {
              const { views, clicks } = counts(row);
              return { itemId: row.item_id, kind: row.kind, views: -views, clicks: -clicks };
            }),
          );
        }
      }),
  };
}
