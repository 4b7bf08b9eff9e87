// Every screen of the back-office by its route pattern (spec part 1, section 2; part 2's
// navigation targets), spelled as the spec spells them. The one list: the web app's routes,
// links and tab titles, and the server's web-vitals labels all derive from it. No zod here: the
// web app's first screen loads it.

export const screenRoutes = {
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
  editStoryVideo: '/update/story/video/:id',
  editStoryAd: '/update/story/ads/:id',
  editBanner: '/update/story/banner/:id',
  dashboard: '/views/dashboard/:id',
  controller: '/controller',
  analytics: '/site/manage/analytics',
  policy: '/site/policy',
  terms: '/site/policy/terms',
  product: '/add/Product',
  categories: '/add/Product/category',
  products: '/show/Product',
  // Spelled so by the spec.
  productEvents: '/show/Prodcut/event',
  productDetails: '/show/product/product-details/:id',
  nativeAds: '/site/manage/ads/nativeAds/add',
  fullScreenAds: '/site/manage/ads/fullScreenAds/add',
  bannerAds: '/site/manage/ads/bannerAds/add',
  openAds: '/site/manage/ads/openAds/add',
  rewardAds: '/site/manage/ads/rewardAds/add',
  webAds: '/site/manage/ads/webAds/add',
  inHouseAds: '/manage/ads/inHouseAds/add',
  editInHouseAd: '/manage/ads/inHouseAds/edit/:id',
  notification: '/site/notification',
  audit: '/site/audit',
} as const;

export type ScreenName = keyof typeof screenRoutes;

/** A screen's path for one item: the pattern's `:id` filled in. */
export const screenPath = (pattern: `${string}:id`, id: string): string =>
  pattern.replace(':id', encodeURIComponent(id));
