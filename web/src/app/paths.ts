// Every route of the spec, from core's list of screens (the server counts web vitals under the
// same patterns), with the links to one item's screen, so links and routes never disagree. The
// web app takes core's screens from here only: imported from core in several chunks, they split
// the router into a chunk of its own, one script more for the first screen.
import { screenPath, screenRoutes, webVitalScreens } from '@dealdesk/core';

export { screenRoutes, webVitalScreens };

export const paths = {
  ...screenRoutes,
  editStoryVideo: (id: string) => screenPath(screenRoutes.editStoryVideo, id),
  editStoryAd: (id: string) => screenPath(screenRoutes.editStoryAd, id),
  editBanner: (id: string) => screenPath(screenRoutes.editBanner, id),
  dashboard: (id: string, extra: Record<string, string> = {}) => {
    const query = new URLSearchParams(extra).toString();
    return `${screenPath(screenRoutes.dashboard, id)}${query === '' ? '' : `?${query}`}`;
  },
  productDetails: (id: string) => screenPath(screenRoutes.productDetails, id),
  adsManager: screenRoutes.nativeAds,
  adUnits: {
    native: screenRoutes.nativeAds,
    fullScreen: screenRoutes.fullScreenAds,
    banner: screenRoutes.bannerAds,
    open: screenRoutes.openAds,
    reward: screenRoutes.rewardAds,
  },
  editInHouseAd: (id: string) => screenPath(screenRoutes.editInHouseAd, id),
  /** The audit log filtered to one item: its history. */
  itemHistory: (kind: string, item: string) =>
    `${screenRoutes.audit}?${new URLSearchParams({ kind, item }).toString()}`,
} as const;

/**
 * Sign-in carries the page first asked for as `?next=` (the signed-out page's link, then the
 * login and code steps): only a path of this app, never another site.
 */
export const signInReturn = {
  query: (path: string) => `?${new URLSearchParams({ next: path }).toString()}`,
  target: (search: string): string => {
    const next = new URLSearchParams(search).get('next');
    return next !== null && /^\/(?![/\\])/.test(next) ? next : paths.home;
  },
};
