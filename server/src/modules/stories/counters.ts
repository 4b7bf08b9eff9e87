// Views and clicks of the story section's items come from the tracking counters: the lists
// read them in one query per page, and limits are judged on them.
import type { AppContext } from '../../context.js';
import { trackingService, type ViewClickCounts } from '../tracking/service.js';

export type ItemCounts = ViewClickCounts;

const untracked: ItemCounts = { views: 0, clicks: 0 };

/** The tracked totals of these items in one read; `of(id)` is zeros for an item never counted. */
export async function countsOf(
  context: AppContext,
  ids: readonly string[],
): Promise<(id: string) => ItemCounts> {
  const totals = await trackingService(context).totalsOf(ids);
  return (id) => totals.get(id) ?? untracked;
}

/**
 * Shortcut and banner click counts may be edited by the admin. The tracked clicks stay as they
 * are; the item keeps the difference, so new clicks still count on top of the edited number.
 */
export const shownClicks = (counts: ItemCounts, adjust: number): number =>
  Math.max(0, counts.clicks + adjust);

/** The adjustment that makes the shown clicks equal what the admin typed. */
export const adjustFor = (typed: number, counts: ItemCounts): number => typed - counts.clicks;
