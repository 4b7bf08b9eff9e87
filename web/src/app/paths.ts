// Every route of the spec (part 1, section 2; part 2's navigation targets), in one place so
// links and routes never disagree.
export const paths = {
  login: '/admin/panel/login',
  loginCode: '/admin/panel/login/otp',
  forgotPassword: '/admin/panel/forgetpw',
  resetCode: '/admin/panel/forget/otp',
  newPassword: '/admin/panel/new/password',
  /** The invitee's page, linked from the invitation email (public). */
  invitation: '/admin/panel/invite',
  home: '/',
  logout: '/Logout',
  error: '/Error',
  profile: '/profile',
  security: '/profile/security',
  administrators: '/site/admins',
  shortcuts: '/add/story',
  banners: '/add/story/banner',
  storyVideos: '/add/story/video',
  storyAds: '/add/story/Ad',
  editStoryVideo: (id: string) => `/update/story/video/${encodeURIComponent(id)}`,
  editStoryAd: (id: string) => `/update/story/ads/${encodeURIComponent(id)}`,
  editBanner: (id: string) => `/update/story/banner/${encodeURIComponent(id)}`,
  dashboard: (id: string, extra: Record<string, string> = {}) => {
    const query = new URLSearchParams(extra).toString();
    return `/views/dashboard/${encodeURIComponent(id)}${query === '' ? '' : `?${query}`}`;
  },
  controller: '/controller',
  analytics: '/site/manage/analytics',
  policy: '/site/policy',
  terms: '/site/policy/terms',
  product: '/add/Product',
  categories: '/add/Product/category',
  products: '/show/Product',
  // Spelled so by the spec.
  productEvents: '/show/Prodcut/event',
  productDetails: (id: string) => `/show/product/product-details/${encodeURIComponent(id)}`,
  adsManager: '/site/manage/ads/nativeAds/add',
  adUnits: {
    native: '/site/manage/ads/nativeAds/add',
    fullScreen: '/site/manage/ads/fullScreenAds/add',
    banner: '/site/manage/ads/bannerAds/add',
    open: '/site/manage/ads/openAds/add',
    reward: '/site/manage/ads/rewardAds/add',
  },
  webAds: '/site/manage/ads/webAds/add',
  inHouseAds: '/manage/ads/inHouseAds/add',
  editInHouseAd: (id: string) => `/manage/ads/inHouseAds/edit/${encodeURIComponent(id)}`,
  notification: '/site/notification',
  audit: '/site/audit',
  /** The audit log filtered to one item: its history. */
  itemHistory: (kind: string, item: string) =>
    `/site/audit?${new URLSearchParams({ kind, item }).toString()}`,
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
