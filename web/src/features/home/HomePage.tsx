import { Card, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconAd2,
  IconBell,
  IconCarouselHorizontal,
  IconCategory,
  IconChartBar,
  IconFileText,
  IconPackage,
  IconPhoto,
  IconSpeakerphone,
  IconTags,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.js';
import { Page } from '../../ui/Page.js';

const shortcuts: readonly { to: string; title: string; text: string; icon: Icon }[] = [
  {
    to: paths.shortcuts,
    title: 'Story Manager',
    text: 'Shortcut stories, story videos and images, story ads.',
    icon: IconCarouselHorizontal,
  },
  {
    to: paths.banners,
    title: 'Banners',
    text: 'Upload banners and switch them on or off.',
    icon: IconPhoto,
  },
  {
    to: paths.products,
    title: 'Products',
    text: 'The catalogue: search, filter, edit and delete products.',
    icon: IconPackage,
  },
  {
    to: paths.product,
    title: 'Add a product',
    text: 'By hand, or scraped from a marketplace page.',
    icon: IconTags,
  },
  {
    to: paths.categories,
    title: 'Categories',
    text: 'Categories and subcategories with their images.',
    icon: IconCategory,
  },
  {
    to: paths.productEvents,
    title: 'Products by event',
    text: 'Best Deals, Trending, New Launch: tag products in bulk.',
    icon: IconTags,
  },
  {
    to: paths.adsManager,
    title: 'Ads Manager',
    text: 'Ad units of every type, website ads.',
    icon: IconAd2,
  },
  {
    to: paths.inHouseAds,
    title: 'In-house ads',
    text: 'Your own native and full-screen ads, with limits.',
    icon: IconSpeakerphone,
  },
  {
    to: paths.analytics,
    title: 'Analytics',
    text: 'Views and clicks over any range of days.',
    icon: IconChartBar,
  },
  {
    to: paths.notification,
    title: 'Notifications',
    text: 'Push a notification to every app user, now or later.',
    icon: IconBell,
  },
  {
    to: paths.policy,
    title: 'Policy',
    text: 'The privacy policy and the terms the app shows.',
    icon: IconFileText,
  },
  {
    to: paths.controller,
    title: 'Controller',
    text: 'App features, ad placement and Facebook settings.',
    icon: IconAdjustmentsHorizontal,
  },
  {
    to: paths.profile,
    title: 'Profile',
    text: 'Your name, phone and address.',
    icon: IconUserCircle,
  },
];

/** The home placeholder of the spec, with a way into each area. */
export function HomePage() {
  return (
    <Page title="Welcome back" description="Where would you like to start?">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {shortcuts.map((item) => (
          <UnstyledButton key={item.to} component={Link} to={item.to}>
            <Card padding="lg" h="100%" withBorder>
              <ThemeIcon size={44} radius="md" variant="light">
                <item.icon size={26} aria-hidden />
              </ThemeIcon>
              <Text fw={650} mt="md">
                {item.title}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {item.text}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Page>
  );
}
