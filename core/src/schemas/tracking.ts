import { z } from 'zod';
import { trackedEvents, trackedKinds } from '../entities/dashboard.js';
import { idSchema } from './common.js';

/** The app sends its views and clicks in batches of at most this many. */
export const trackBatchMax = 1000;

export const trackingMessages = {
  batchSize: `Send between 1 and ${trackBatchMax} events`,
  kind: `kind must be one of ${trackedKinds.join(', ')}`,
  event: 'event must be view or click',
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
export type TrackBatch = z.output<typeof trackBatchSchema>;
export type TrackBatchInput = z.input<typeof trackBatchSchema>;
