import type { AdUnitType } from '@dealdesk/core';
import { paths } from '../../app/paths.js';

/** The tabs of the Ad Management bar, in the spec's order. */
export const adScreens = [
  { label: 'Native Ads', to: paths.adUnits.native },
  { label: 'Full Screen Ads', to: paths.adUnits.fullScreen },
  { label: 'Banner Ads', to: paths.adUnits.banner },
  { label: 'Open Ads', to: paths.adUnits.open },
  { label: 'Reward Ads', to: paths.adUnits.reward },
  { label: 'Website Ads', to: paths.webAds },
  { label: 'InHouse Ads', to: paths.inHouseAds },
] as const;

export const adUnitLabels: Readonly<Record<AdUnitType, string>> = {
  native: 'Native Ads',
  fullScreen: 'Full Screen Ads',
  banner: 'Banner Ads',
  open: 'Open Ads',
  reward: 'Reward Ads',
};
