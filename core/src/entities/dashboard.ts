import { z } from 'zod';

/** One counter record of the per-item dashboard. */
export const countRecordSchema = z.object({ createdAt: z.string(), count: z.number() });
export type CountRecord = z.infer<typeof countRecordSchema>;

export const viewsDashboardSchema = z.object({
  views_data: z.array(countRecordSchema),
  clicks_data: z.array(countRecordSchema),
  totalViews: z.number(),
  totalClicks: z.number(),
});
export type ViewsDashboard = z.infer<typeof viewsDashboardSchema>;

/** What the mobile app reports through the app-facing tracking call. */
export const trackedKinds = [
  'story',
  'storyAd',
  'shortcut',
  'banner',
  'webAd',
  'inHouseAd',
  'product',
] as const;
export type TrackedKind = (typeof trackedKinds)[number];
export const trackedEvents = ['view', 'click'] as const;
export type TrackedEvent = (typeof trackedEvents)[number];

export interface TrackEvent {
  kind: TrackedKind;
  id: string;
  event: TrackedEvent;
}
