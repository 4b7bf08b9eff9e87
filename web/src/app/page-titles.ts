// The browser tab's title of every route ("Products · Dealdesk"), so tabs, history and
// bookmarks say which screen they hold. Signed out, unknown paths are the sign-in's.
import { matchPath } from 'react-router-dom';
import { paths } from './paths.js';

const titles: readonly (readonly [pattern: string, title: string])[] = [
  [paths.login, 'Sign in'],
  [paths.loginCode, 'Sign-in code'],
  [paths.forgotPassword, 'Forgot password'],
  [paths.resetCode, 'Reset code'],
  [paths.newPassword, 'New password'],
  [paths.invitation, 'Invitation'],
  [paths.home, 'Home'],
  [paths.logout, 'Signing out'],
  [paths.error, 'Something went wrong'],
  [paths.profile, 'Profile'],
  [paths.security, 'Security'],
  [paths.administrators, 'Administrators'],
  [paths.shortcuts, 'Shortcut stories'],
  [paths.banners, 'Banners'],
  [paths.storyVideos, 'Story videos and images'],
  [paths.storyAds, 'Story ads'],
  ['/update/story/video/:id', 'Edit story'],
  ['/update/story/ads/:id', 'Edit story ad'],
  ['/update/story/banner/:id', 'Edit banner'],
  ['/views/dashboard/:id', 'Views and clicks'],
  [paths.controller, 'Controller'],
  [paths.analytics, 'Analytics'],
  [paths.policy, 'Privacy policy'],
  [paths.terms, 'Terms & conditions'],
  [paths.product, 'Add product'],
  [paths.categories, 'Categories'],
  [paths.products, 'Products'],
  [paths.productEvents, 'Products by event'],
  ['/show/product/product-details/:id', 'Product details'],
  [paths.adUnits.native, 'Native ads'],
  [paths.adUnits.fullScreen, 'Full screen ads'],
  [paths.adUnits.banner, 'Banner ads'],
  [paths.adUnits.open, 'Open ads'],
  [paths.adUnits.reward, 'Reward ads'],
  [paths.webAds, 'Website ads'],
  [paths.inHouseAds, 'In-house ads'],
  ['/manage/ads/inHouseAds/edit/:id', 'Edit in-house ad'],
  [paths.notification, 'Notifications'],
  [paths.audit, 'Audit log'],
];

export function pageTitle(pathname: string, signedIn: boolean): string {
  const found = titles.find(([pattern]) => matchPath(pattern, pathname) !== null);
  const screen = found?.[1] ?? (signedIn ? 'Page not found' : 'Sign in');
  return `${screen} · Dealdesk`;
}
