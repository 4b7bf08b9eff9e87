// Every route of the spec (part 1, section 2; part 2's navigation targets), in one place so
// links and routes never disagree.
export const paths = {
  login: '/admin/panel/login',
  loginCode: '/admin/panel/login/otp',
  forgotPassword: '/admin/panel/forgetpw',
  resetCode: '/admin/panel/forget/otp',
  newPassword: '/admin/panel/new/password',
  home: '/',
  logout: '/Logout',
  error: '/Error',
  profile: '/profile',
  shortcuts: '/add/story',
  banners: '/add/story/banner',
  storyVideos: '/add/story/video',
  storyAds: '/add/story/Ad',
  editStoryVideo: (id: string) => `/update/story/video/${encodeURIComponent(id)}`,
  editStoryAd: (id: string) => `/update/story/ads/${encodeURIComponent(id)}`,
  editBanner: (id: string) => `/update/story/banner/${encodeURIComponent(id)}`,
  dashboard: (id: string, extra: { q?: string; adsType?: string } = {}) => {
    const query = new URLSearchParams(extra).toString();
    return `/views/dashboard/${encodeURIComponent(id)}${query === '' ? '' : `?${query}`}`;
  },
  controller: '/controller',
  analytics: '/site/manage/analytics',
  policy: '/site/policy',
  product: '/add/Product',
  adsManager: '/site/manage/ads/nativeAds/add',
  notification: '/site/notification',
} as const;
