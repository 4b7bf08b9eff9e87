import type { LimitType, ViewClickLimits } from '../entities/common.js';

/** A number typed into a limit input; anything that is not a number counts as 0 (spec). */
export function toLimitNumber(entered: unknown): number {
  if (typeof entered === 'number') return Number.isFinite(entered) ? entered : 0;
  if (typeof entered !== 'string' || entered.trim() === '') return 0;
  const value = Number(entered);
  return Number.isFinite(value) ? value : 0;
}

/**
 * The four stored fields for a limit type: None clears both limits, View and Click enable
 * only their own limit (the entered maximum) and send the other as 0 with its status false.
 */
export function limitFields(type: LimitType, entered: unknown): ViewClickLimits {
  const limit = type === 'None' ? 0 : toLimitNumber(entered);
  return {
    maxviewLimit: type === 'View' ? limit : 0,
    maxviewStatus: type === 'View',
    maxclickLimit: type === 'Click' ? limit : 0,
    maxclickStatus: type === 'Click',
  };
}

/** The limit type a stored item shows on edit: Click wins when both statuses are set. */
export function limitTypeOf(
  item: Pick<ViewClickLimits, 'maxviewStatus' | 'maxclickStatus'>,
): LimitType {
  if (item.maxclickStatus) return 'Click';
  return item.maxviewStatus ? 'View' : 'None';
}

/** The entered maximum that goes with an item's limit type (0 for None). */
export function limitValueOf(item: ViewClickLimits): number {
  const type = limitTypeOf(item);
  if (type === 'Click') return item.maxclickLimit;
  return type === 'View' ? item.maxviewLimit : 0;
}

/**
 * A View or Click limit is reached once the tracked count gets to it (a limit of 0 at once):
 * the item then stops running, though it stays active.
 */
export function limitReached(
  limits: ViewClickLimits,
  counts: { views: number; clicks: number },
): boolean {
  return (
    (limits.maxviewStatus && counts.views >= limits.maxviewLimit) ||
    (limits.maxclickStatus && counts.clicks >= limits.maxclickLimit)
  );
}
