import type { TrackedKind } from '@dealdesk/core';

/** Views and clicks of one item on one business day (yyyy-mm-dd in the business time zone). */
export interface ItemDailyCountsTable {
  item_id: string;
  day: string;
  kind: TrackedKind;
  views: number;
  clicks: number;
}

/** Views and clicks of one item since it was created (limit checks read these). */
export interface ItemTotalsTable {
  item_id: string;
  kind: TrackedKind;
  views: number;
  clicks: number;
}

export interface TrackingTables {
  item_daily_counts: ItemDailyCountsTable;
  item_totals: ItemTotalsTable;
}
