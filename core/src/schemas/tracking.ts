import { z } from 'zod';
import { trackedEvents, trackedKinds } from '../entities/dashboard.js';
import { dateRangeQuerySchema } from './ads.js';
import { idSchema } from './common.js';

/** The app sends its views and clicks in batches of at most this many. */
export const trackBatchMax = 1000;

/** The per-item dashboard answers at most this many days at once: two years, leap day included. */
export const dashboardMaxDays = 732;

export const trackingMessages = {
  batchSize: `Send between 1 and ${trackBatchMax} events`,
  kind: `kind must be one of ${trackedKinds.join(', ')}`,
  event: 'event must be view or click',
  dashboardSpan: `Choose a range of at most ${dashboardMaxDays} days`,
} as const;

/** The app-facing tracking call: a batch of views and clicks of stories, ads, products... */
export const trackBatchSchema = z.object({
  events: z
    .array(
      z.object({
        kind: z.enum(trackedKinds, { error: trackingMessages.kind }),
        id: idSchema,
        event: z.enum(trackedEvents, { error: trackingMessages.event }),
      }),
      { error: trackingMessages.batchSize },
    )
    .min(1, trackingMessages.batchSize)
    .max(trackBatchMax, trackingMessages.batchSize),
});
export type TrackBatchInput = z.input<typeof trackBatchSchema>;

const dayMs = 86_400_000;

/** `?startDate&endDate` of the per-item dashboard: business days, in order, at most two years. */
export const dashboardQuerySchema = dateRangeQuerySchema.refine(
  // yyyy-mm-dd parses as UTC midnight, so the difference is whole days.
  (range) => Date.parse(range.endDate) - Date.parse(range.startDate) < dashboardMaxDays * dayMs,
  {
    message: trackingMessages.dashboardSpan,
    path: ['endDate'],
    // A malformed day is reported by its own field only.
    when: (payload) => payload.issues.length === 0,
  },
);
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;
