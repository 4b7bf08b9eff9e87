// Views and clicks of the story section's items come from the tracking counters (item_totals):
// the lists read them in one query per page, limits are judged on them, and a deleted item
// takes its counters with it.
import type { ViewClickLimits } from '@dealdesk/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';

export interface ItemCounts {
  views: number;
  clicks: number;
}

const untracked: ItemCounts = { views: 0, clicks: 0 };

/** The counts of these items in one query; an item never tracked has 0 of each. */
export async function countsOf(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<(id: string) => ItemCounts> {
  if (ids.length === 0) return () => untracked;
  const rows = await db
    .selectFrom('item_totals')
    .select(['item_id', 'views', 'clicks'])
    .where('item_id', 'in', ids)
    .execute();
  const byId = new Map(
    rows.map((row) => [row.item_id, { views: Number(row.views), clicks: Number(row.clicks) }]),
  );
  return (id) => byId.get(id) ?? untracked;
}

/** Removes every counter of these items (inside the transaction that deletes them). */
export async function forgetCounts(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('item_daily_counts').where('item_id', 'in', ids).execute();
  await db.deleteFrom('item_totals').where('item_id', 'in', ids).execute();
}

/** A View or Click limit is reached once the count gets to it (a limit of 0 at once). */
export function limitReached(limits: ViewClickLimits, counts: ItemCounts): boolean {
  return (
    (limits.maxviewStatus && counts.views >= limits.maxviewLimit) ||
    (limits.maxclickStatus && counts.clicks >= limits.maxclickLimit)
  );
}

/**
 * Shortcut and banner click counts may be edited by the admin. The tracked clicks stay as they
 * are; the item keeps the difference, so new clicks still count on top of the edited number.
 */
export const shownClicks = (counts: ItemCounts, adjust: number): number =>
  Math.max(0, counts.clicks + adjust);

/** The adjustment that makes the shown clicks equal what the admin typed. */
export const adjustFor = (typed: number, counts: ItemCounts): number => typed - counts.clicks;
