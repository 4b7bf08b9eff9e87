// The browser tab's title of every screen ("Products · Dealdesk"), so tabs, history and
// bookmarks say which screen they hold. Keyed by core's screens: a screen without a title, or a
// title of no screen, does not compile. Signed out, unknown paths are the sign-in's.
import type { ScreenName } from '@dealdesk/core';
import { matchPath } from 'react-router-dom';
import { screenRoutes } from './paths.js';

const titles: Record<ScreenName, string> = {
  login: 'Sign in',
  loginCode: 'Sign-in code',
  forgotPassword: 'Forgot password',
  resetCode: 'Reset code',
  newPassword: 'New password',
  invitation: 'Invitation',
  home: 'Home',
  logout: 'Signing out',
  error: 'Something went wrong',
  profile: 'Profile',
  security: 'Security',
  administrators: 'Administrators',
  shortcuts: 'Shortcut stories',
  banners: 'Banners',
  storyVideos: 'Story videos and images',
  storyAds: 'Story ads',
  editStoryVideo: 'Edit story',
  editStoryAd: 'Edit story ad',
  editBanner: 'Edit banner',
  dashboard: 'Views and clicks',
  controller: 'Controller',
  analytics: 'Analytics',
  policy: 'Privacy policy',
  terms: 'Terms & conditions',
  product: 'Add product',
  categories: 'Categories',
  products: 'Products',
  productEvents: 'Products by event',
  productDetails: 'Product details',
  nativeAds: 'Native ads',
  fullScreenAds: 'Full screen ads',
  bannerAds: 'Banner ads',
  openAds: 'Open ads',
  rewardAds: 'Reward ads',
  webAds: 'Website ads',
  inHouseAds: 'In-house ads',
  editInHouseAd: 'Edit in-house ad',
  notification: 'Notifications',
  audit: 'Audit log',
};

const screens = Object.entries(screenRoutes) as [ScreenName, string][];

export function pageTitle(pathname: string, signedIn: boolean): string {
  const found = screens.find(([, pattern]) => matchPath(pattern, pathname) !== null);
  const screen = found === undefined ? (signedIn ? 'Page not found' : 'Sign in') : titles[found[0]];
  return `${screen} · Dealdesk`;
}
