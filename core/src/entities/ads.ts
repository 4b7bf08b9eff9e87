import type { Id, ViewClickLimits } from './common.js';

export const adUnitTypes = ['native', 'fullScreen', 'banner', 'open', 'reward'] as const;
export type AdUnitType = (typeof adUnitTypes)[number];

export interface AdUnit {
  _id: Id;
  a_name: string;
  a_id: string;
  a_description: string;
}

/** A web ad: a_id is its URL; a_click the clicks within the asked range. */
export interface WebAd extends AdUnit {
  a_click: number;
}

/** One card of the analytics screen; `diff` is computed in the browser. */
export interface AnalyticsItem {
  _id: string;
  a_name: string;
  a_click: number;
  diff?: number;
}

export interface AnalyticsTotals {
  bannerTotal: number;
  sortcutTotal: number;
}

export const inHouseAdTypes = ['NTV', 'FS'] as const;
export type InHouseAdType = (typeof inHouseAdTypes)[number];
export const mediaTypes = ['image', 'video'] as const;
export type MediaType = (typeof mediaTypes)[number];

export interface InHouseAd extends ViewClickLimits {
  _id: Id;
  ad_type: InHouseAdType;
  mainTitle: string;
  subTitle: string;
  description: string;
  medType: MediaType;
  medView: string;
  icon: string;
  callToAction: string;
  btnName: string;
  status: boolean;
  view: number;
  clickCount: number;
  createdAt: string;
}

export const deliveryStates = ['scheduled', 'sent', 'failed'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export interface Notification {
  _id: Id;
  n_title: string;
  n_message: string;
  n_url: string;
  n_icon: string;
  createdAt: string;
  /** When a scheduled notification is due (null: sent at once). */
  sendAt: string | null;
  delivery: { state: DeliveryState; detail: string; at: string | null };
}
