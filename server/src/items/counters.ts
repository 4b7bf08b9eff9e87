// Views and clicks of the story section's items come from the tracking counters: the lists
// read them in one query per page, and limits are judged on them.
import type { AppContext } from '../context.js';
import { trackingService, type ViewClickCounts } from '../modules/tracking/service.js';

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
 * Shortcut and banner clicks, and story ads' views and clicks, may be edited by the admin. The
 * tracked count stays as it is; the item keeps the difference, so new counts still add on top of
 * the edited number.
 */
export const shownCount = (tracked: number, adjust: number): number =>
  Math.max(0, tracked + adjust);

export const shownClicks = (counts: ItemCounts, adjust: number): number =>
  shownCount(counts.clicks, adjust);

/**
 * The adjustment to keep after an edit: unchanged when the admin left the shown number as it
 * was (counts tracked meanwhile must not be undone), else the one that shows what was typed.
 */
export function keptAdjustment(typed: number, tracked: number, current: number): number {
  return typed === shownCount(tracked, current) ? current : typed - tracked;
}
