/**
 * The green increase marker of the web-ads and analytics screens: clicks gained since the
 * last load. 0 on a first load (no previous count), and never negative, since counts that
 * went down were cleared, not lost.
 */
export function clicksDiff(previous: number | null | undefined, current: number): number {
  if (previous === null || previous === undefined) return 0;
  const increase = current - previous;
  // A corrupt stored count (NaN) must not show as an increase.
  return Number.isFinite(increase) && increase > 0 ? increase : 0;
}
