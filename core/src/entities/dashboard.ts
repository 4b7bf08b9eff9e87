/** One counter record of the per-item dashboard. */
export interface CountRecord {
  createdAt: string;
  count: number;
}

export interface ViewsDashboard {
  views_data: CountRecord[];
  clicks_data: CountRecord[];
  totalViews: number;
  totalClicks: number;
}

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
