import type { TrackedKind } from '@dealdesk/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { DayCounts, DayRange } from '../tracking/service.js';

export function analyticsRepository(db: Kysely<Database>) {
  return {
    /**
     * Views and clicks of all items of these kinds per business day, for the days that have
     * any, in order: one grouped read of the per-day counters ((kind, day) index).
     */
    async daysInRange(kinds: readonly TrackedKind[], range: DayRange): Promise<DayCounts[]> {
      const rows = await db
        .selectFrom('item_daily_counts')
        .select((eb) => [
          'day',
          eb.fn.sum<number>('views').as('views'),
          eb.fn.sum<number>('clicks').as('clicks'),
        ])
        .where('kind', 'in', kinds)
        .where('day', '>=', range.startDate)
        .where('day', '<=', range.endDate)
        .groupBy('day')
        .orderBy('day')
        .execute();
      // PostgreSQL answers sums as bigint strings.
      return rows.map((row) => ({
        day: row.day,
        views: Number(row.views),
        clicks: Number(row.clicks),
      }));
    },
  };
}
