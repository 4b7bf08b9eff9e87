import { z } from 'zod';
import { viewClickLimitsSchema } from './common.js';

export const adUnitSchema = z.object({
  _id: z.string(),
  a_name: z.string(),
  a_id: z.string(),
  a_description: z.string(),
});
export type AdUnit = z.infer<typeof adUnitSchema>;

/** A web ad: a_id is its URL; a_click the clicks within the asked range. */
export const webAdSchema = adUnitSchema.extend({ a_click: z.number() });
export type WebAd = z.infer<typeof webAdSchema>;

/** One card of the analytics screen; `diff` is computed in the browser. */
export const analyticsItemSchema = z.object({
  _id: z.string(),
  a_name: z.string(),
  a_click: z.number(),
  diff: z.number().optional(),
});
export type AnalyticsItem = z.infer<typeof analyticsItemSchema>;

export const analyticsTotalsSchema = z.object({
  bannerTotal: z.number(),
  sortcutTotal: z.number(),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

export const inHouseAdTypes = ['NTV', 'FS'] as const;
export type InHouseAdType = (typeof inHouseAdTypes)[number];
export const mediaTypes = ['image', 'video'] as const;
export type MediaType = (typeof mediaTypes)[number];

export const inHouseAdSchema = viewClickLimitsSchema.extend({
  _id: z.string(),
  ad_type: z.enum(inHouseAdTypes),
  mainTitle: z.string(),
  subTitle: z.string(),
  description: z.string(),
  medType: z.enum(mediaTypes),
  medView: z.string(),
  icon: z.string(),
  callToAction: z.string(),
  btnName: z.string(),
  status: z.boolean(),
  view: z.number(),
  clickCount: z.number(),
  createdAt: z.string(),
});
export type InHouseAd = z.infer<typeof inHouseAdSchema>;

export const deliveryStates = ['scheduled', 'sent', 'failed', 'cancelled'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export const notificationSchema = z.object({
  _id: z.string(),
  n_title: z.string(),
  n_message: z.string(),
  n_url: z.string(),
  n_icon: z.string(),
  createdAt: z.string(),
  /** When a scheduled notification is due (null: sent at once). */
  sendAt: z.string().nullable(),
  delivery: z.object({
    state: z.enum(deliveryStates),
    detail: z.string(),
    at: z.string().nullable(),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;
