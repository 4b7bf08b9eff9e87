// The green increase marker (spec part 2, sections 2 and 3): each screen keeps the click
// counts of its last load in local storage, per date range, and shows what grew since.
import { clicksDiff, type DateRangeQuery } from '@dealdesk/core';

/** Web ads keep theirs under the spec's web-clicks key; the analytics cards under their own. */
export const clicksMemoryKeys = { webAds: 'webClicks', analytics: 'analyticsClicks' } as const;
export type ClicksMemory = keyof typeof clicksMemoryKeys;

type CountsByRange = Record<string, Record<string, number>>;

/** Ranges remembered per screen; older ones are forgotten first. */
const rangesKept = 12;

function read(key: string): CountsByRange {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return typeof stored === 'object' && stored !== null && !Array.isArray(stored)
      ? (stored as CountsByRange)
      : {};
  } catch {
    return {};
  }
}

/**
 * The items with `diff`, the clicks gained since this screen last loaded the same range
 * (0 the first time), and remembers the new counts for the next load.
 */
export function withClicksDiff<Item extends { _id: string; a_click: number }>(
  memory: ClicksMemory,
  range: DateRangeQuery,
  items: readonly Item[],
): (Item & { diff: number })[] {
  const key = clicksMemoryKeys[memory];
  const rangeKey = `${range.startDate}..${range.endDate}`;
  const stored = read(key);
  const previous = stored[rangeKey] ?? {};
  const marked = items.map((item) => ({
    ...item,
    diff: clicksDiff(previous[item._id], item.a_click),
  }));
  // The loaded range goes last, so the oldest ranges come first and are the ones dropped.
  const kept = [
    ...Object.entries(stored).filter(([other]) => other !== rangeKey),
    [rangeKey, Object.fromEntries(items.map((item) => [item._id, item.a_click]))] as const,
  ].slice(-rangesKept);
  try {
    localStorage.setItem(key, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // A full or blocked storage only costs the marker, never the screen.
  }
  return marked;
}
