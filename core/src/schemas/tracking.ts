import { z } from 'zod';
import { trackedEvents, trackedKinds, type TrackedKind } from '../entities/dashboard.js';
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
  notAnEvent: 'Send each event as an object with kind, id and event',
  unknownItem: (kind: TrackedKind) => `No ${kind} has this id`,
  /** One event's refusal names the event (its index in the batch) and the field. */
  ofEvent: (index: number, field: string, message: string) =>
    `Event ${index}${field === '' ? '' : ` (${field})`}: ${message}`,
  dashboardSpan: `Choose a range of at most ${dashboardMaxDays} days`,
} as const;

/**
 * `ad` is what home calls a story ad (`kind: 'ad'`): tracking takes it as `storyAd` for one
 * release, so an app may send the kind home gave it (deprecated: send `storyAd`).
 */
const kindSchema = z
  .enum([...trackedKinds, 'ad'], { error: trackingMessages.kind })
  .meta({ description: "'ad' is the deprecated name of storyAd, taken for one release" })
  .transform((kind): TrackedKind => (kind === 'ad' ? 'storyAd' : kind));

/** One view or click; a malformed one is refused alone (below), never its whole batch. */
export const trackEventSchema = z.object(
  {
    kind: kindSchema,
    id: idSchema,
    event: z.enum(trackedEvents, { error: trackingMessages.event }),
  },
  { error: trackingMessages.notAnEvent },
);

/** An event of a batch that cannot be counted, and why ('' when it is not an object at all). */
export interface UnreadableEvent {
  unreadable: { field: string; message: string };
}

/** The event schema, as one that may also give an unreadable event (the catch below). */
const eventOrUnreadable: z.ZodType<
  z.output<typeof trackEventSchema> | UnreadableEvent,
  z.input<typeof trackEventSchema>
> = trackEventSchema;

/**
 * The app-facing tracking call: a batch of views and clicks of stories, ads, products... The
 * batch is refused whole only when it has no list of 1 to 1,000 events; a malformed event
 * stands in the list as what is wrong with it, and the others are counted.
 */
export const trackBatchSchema = z.object({
  events: z
    .array(
      eventOrUnreadable.catch(({ error }): UnreadableEvent => {
        const issue = error.issues[0];
        return {
          unreadable: {
            field: typeof issue?.path[0] === 'string' ? issue.path[0] : '',
            message: issue?.message ?? trackingMessages.notAnEvent,
          },
        };
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
