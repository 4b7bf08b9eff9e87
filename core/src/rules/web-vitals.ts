// The web app's Core Web Vitals, reported per screen to POST /web-vitals and counted in
// /metrics. Screens are the back-office's route patterns (ids stay out), so the server's
// label set is bounded: any other screen is counted as `other`. No zod here: the web app's
// metrics module takes this without loading it.

/** Largest contentful paint, interaction to next paint, cumulative layout shift. */
export const webVitalNames = ['LCP', 'INP', 'CLS'] as const;
export type WebVitalName = (typeof webVitalNames)[number];

/** Every screen's route pattern, as the web app's router declares it (web/src/app/routes.tsx). */
export const webVitalScreens = [
  '/admin/panel/login',
  '/admin/panel/login/otp',
  '/admin/panel/forgetpw',
  '/admin/panel/forget/otp',
  '/admin/panel/new/password',
  '/admin/panel/invite',
  '/',
  '/Logout',
  '/Error',
  '/profile',
  '/profile/security',
  '/site/admins',
  '/add/story',
  '/add/story/banner',
  '/add/story/video',
  '/add/story/Ad',
  '/update/story/video/:id',
  '/update/story/ads/:id',
  '/update/story/banner/:id',
  '/views/dashboard/:id',
  '/controller',
  '/site/manage/analytics',
  '/site/policy',
  '/site/policy/terms',
  '/add/Product',
  '/add/Product/category',
  '/show/Product',
  '/show/Prodcut/event',
  '/show/product/product-details/:id',
  '/site/manage/ads/nativeAds/add',
  '/site/manage/ads/fullScreenAds/add',
  '/site/manage/ads/bannerAds/add',
  '/site/manage/ads/openAds/add',
  '/site/manage/ads/rewardAds/add',
  '/site/manage/ads/webAds/add',
  '/manage/ads/inHouseAds/add',
  '/manage/ads/inHouseAds/edit/:id',
  '/site/notification',
  '/site/audit',
] as const;

/** The label a reported screen is counted under: itself when known, else `other`. */
export const webVitalScreen = (screen: string): string =>
  (webVitalScreens as readonly string[]).includes(screen) ? screen : 'other';
