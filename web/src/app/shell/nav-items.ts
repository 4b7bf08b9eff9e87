import {
  IconAdjustmentsHorizontal,
  IconBell,
  IconChartBar,
  IconHistory,
  IconCarouselHorizontal,
  IconLogout,
  IconShieldCheck,
  IconShoppingBag,
  IconSpeakerphone,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '../paths.js';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Other paths that belong to the same section (highlighted together). */
  section?: readonly string[];
}

/** The side navigation of spec section 2, in its order. */
export const sideNav: readonly NavItem[] = [
  { label: 'Analytics', to: paths.analytics, icon: IconChartBar },
  { label: 'Policy', to: paths.policy, icon: IconShieldCheck },
  {
    label: 'Product',
    to: paths.product,
    icon: IconShoppingBag,
    section: ['/add/Product', '/show/Product', '/show/Prodcut', '/show/product'],
  },
  {
    label: 'Story Manager',
    to: paths.shortcuts,
    icon: IconCarouselHorizontal,
    section: ['/add/story', '/update/story'],
  },
  {
    label: 'Ads Manager',
    to: paths.adsManager,
    icon: IconSpeakerphone,
    section: ['/site/manage/ads', '/manage/ads'],
  },
  // Not in the spec's list (issue 21): after its sections, so theirs keep their places.
  { label: 'Audit log', to: paths.audit, icon: IconHistory },
  { label: 'Administrators', to: paths.administrators, icon: IconUsers },
];

/** The top bar's links after the logo (a dropdown on narrow screens). */
export const topLinks: readonly NavItem[] = [
  { label: 'Controller', to: paths.controller, icon: IconAdjustmentsHorizontal },
  { label: 'Notification', to: paths.notification, icon: IconBell },
  { label: 'Profile', to: paths.profile, icon: IconUserCircle },
  { label: 'Logout', to: paths.logout, icon: IconLogout },
];

export function isActive(item: NavItem, pathname: string): boolean {
  const prefixes = item.section ?? [item.to];
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
