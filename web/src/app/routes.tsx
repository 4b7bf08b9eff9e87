// Every route loads its screen on demand (one chunk per screen). Signed out, only the sign-in
// routes exist; signed in, every screen of core's list (screenRoutes, the patterns the server
// counts web vitals under) has its place in signedInScreens, and the shell wraps them.
import type { ScreenName } from '@dealdesk/core';
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import {
  lazy,
  Suspense,
  useEffect,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAuth } from './auth.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { pageTitle } from './page-titles.js';
import { paths, screenRoutes, signInReturn } from './paths.js';

/**
 * A screen's code could not be loaded: most often a new version was deployed since this page
 * opened, and its old chunks are gone. Reloading brings the new version.
 */
function ReloadToUpdate() {
  return (
    <Center h="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} fz="h2">
          This screen could not be loaded
        </Title>
        <Text c="dimmed">
          Dealdesk may have been updated since this page was opened, or the connection dropped.
          Reload to get the latest version.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}

/** A lazily loaded named export, so every screen keeps a named component. */
function screen<Name extends string, Props extends object>(
  load: () => Promise<{ [Key in Name]: ComponentType<Props> }>,
  name: Name,
) {
  return lazy(async () => {
    try {
      return { default: (await load())[name] };
    } catch {
      return { default: ReloadToUpdate as ComponentType<Props> };
    }
  });
}

const Shell = screen(() => import('./shell/Shell.js'), 'Shell');
const LoginPage = screen(() => import('../features/auth/LoginPage.js'), 'LoginPage');
const LoginCodePage = screen(() => import('../features/auth/LoginCodePage.js'), 'LoginCodePage');
const ForgotPasswordPage = screen(
  () => import('../features/auth/ForgotPasswordPage.js'),
  'ForgotPasswordPage',
);
const ResetCodePage = screen(() => import('../features/auth/ResetCodePage.js'), 'ResetCodePage');
const NewPasswordPage = screen(
  () => import('../features/auth/NewPasswordPage.js'),
  'NewPasswordPage',
);
const InvitationPage = screen(() => import('../features/auth/InvitationPage.js'), 'InvitationPage');
const SignedOutPage = screen(() => import('../features/auth/SignedOutPage.js'), 'SignedOutPage');
const LogoutPage = screen(() => import('../features/auth/LogoutPage.js'), 'LogoutPage');
const NotFoundPage = screen(() => import('../features/errors/NotFoundPage.js'), 'NotFoundPage');
const ErrorPage = screen(() => import('../features/errors/ErrorPage.js'), 'ErrorPage');
const HomePage = screen(() => import('../features/home/HomePage.js'), 'HomePage');
const ProfilePage = screen(() => import('../features/profile/ProfilePage.js'), 'ProfilePage');
const SecurityPage = screen(() => import('../features/security/SecurityPage.js'), 'SecurityPage');
const AdministratorsPage = screen(
  () => import('../features/admins/AdministratorsPage.js'),
  'AdministratorsPage',
);
const StoryTabs = screen(() => import('../features/stories/StoryTabs.js'), 'StoryTabs');
const ShortcutsPage = screen(
  () => import('../features/stories/shortcuts/ShortcutsPage.js'),
  'ShortcutsPage',
);
const StoryVideosPage = screen(
  () => import('../features/stories/videos/StoryVideosPage.js'),
  'StoryVideosPage',
);
const StoryVideoEditPage = screen(
  () => import('../features/stories/videos/StoryVideoEditPage.js'),
  'StoryVideoEditPage',
);
const StoryAdsPage = screen(
  () => import('../features/stories/ads/StoryAdsPage.js'),
  'StoryAdsPage',
);
const StoryAdEditPage = screen(
  () => import('../features/stories/ads/StoryAdEditPage.js'),
  'StoryAdEditPage',
);
const BannersPage = screen(
  () => import('../features/stories/banners/BannersPage.js'),
  'BannersPage',
);
const BannerEditPage = screen(
  () => import('../features/stories/banners/BannerEditPage.js'),
  'BannerEditPage',
);
const ControllerPage = screen(
  () => import('../features/controller/ControllerPage.js'),
  'ControllerPage',
);
const ItemDashboardPage = screen(
  () => import('../features/dashboard/ItemDashboardPage.js'),
  'ItemDashboardPage',
);

// Part 2: catalogue, policy, ads, analytics and notifications.
const ProductTabs = screen(() => import('../features/products/ProductTabs.js'), 'ProductTabs');
const AddProductPage = screen(
  () => import('../features/products/AddProductPage.js'),
  'AddProductPage',
);
const ProductListPage = screen(
  () => import('../features/products/ProductListPage.js'),
  'ProductListPage',
);
const ProductDetailPage = screen(
  () => import('../features/products/ProductDetailPage.js'),
  'ProductDetailPage',
);
const CategoriesPage = screen(
  () => import('../features/categories/CategoriesPage.js'),
  'CategoriesPage',
);
const ProductEventsPage = screen(
  () => import('../features/products/ProductEventsPage.js'),
  'ProductEventsPage',
);
const PolicyPage = screen(() => import('../features/policy/PolicyPage.js'), 'PolicyPage');
const AdsTabs = screen(() => import('../features/ads/AdsTabs.js'), 'AdsTabs');
const AdUnitsPage = screen(() => import('../features/ads/AdUnitsPage.js'), 'AdUnitsPage');
const WebAdsPage = screen(() => import('../features/ads/WebAdsPage.js'), 'WebAdsPage');
const InHouseAdsPage = screen(
  () => import('../features/inhouse/InHouseAdsPage.js'),
  'InHouseAdsPage',
);
const InHouseAdEditPage = screen(
  () => import('../features/inhouse/InHouseAdEditPage.js'),
  'InHouseAdEditPage',
);
const AnalyticsPage = screen(
  () => import('../features/analytics/AnalyticsPage.js'),
  'AnalyticsPage',
);
const NotificationsPage = screen(
  () => import('../features/notifications/NotificationsPage.js'),
  'NotificationsPage',
);
const AuditPage = screen(() => import('../features/audit/AuditPage.js'), 'AuditPage');

function Loading({ label }: { label: string }) {
  return (
    <Center h="60vh">
      <Loader aria-label={label} />
    </Center>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading label="Loading screen" />}>{children}</Suspense>;
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path={paths.login} element={<LoginPage />} />
      <Route path={paths.loginCode} element={<LoginCodePage />} />
      <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
      <Route path={paths.resetCode} element={<ResetCodePage />} />
      <Route path={paths.newPassword} element={<NewPasswordPage />} />
      <Route path={paths.invitation} element={<InvitationPage />} />
      <Route path={paths.error} element={<ErrorPage />} />
      <Route path={paths.logout} element={<Navigate to={paths.login} replace />} />
      <Route path="*" element={<SignedOutPage />} />
    </Routes>
  );
}

/** Where a sign-in lands: the `next` page it carried (see signInReturn), or home. */
function AfterSignIn() {
  const { search } = useLocation();
  return <Navigate to={signInReturn.target(search)} replace />;
}

/** Signed in, these pass on to the page first asked for (the `/admin/panel/*` route). */
type SignInScreen = 'login' | 'loginCode' | 'forgotPassword' | 'resetCode' | 'newPassword';

/**
 * Every other screen of core's list, signed in, by where it shows: alone, in the shell, or in the
 * shell under a section's tabs.
 */
const signedInScreens = {
  alone: {
    // An invitation is for someone else: opened while signed in, it still shows.
    invitation: <InvitationPage />,
    logout: <LogoutPage />,
  },
  shell: {
    home: <HomePage />,
    error: <ErrorPage />,
    profile: <ProfilePage />,
    security: <SecurityPage />,
    administrators: <AdministratorsPage />,
    editStoryVideo: <StoryVideoEditPage />,
    editStoryAd: <StoryAdEditPage />,
    editBanner: <BannerEditPage />,
    dashboard: <ItemDashboardPage />,
    controller: <ControllerPage />,
    analytics: <AnalyticsPage />,
    policy: <PolicyPage kind="policy" />,
    terms: <PolicyPage kind="terms" />,
    productDetails: <ProductDetailPage />,
    editInHouseAd: <InHouseAdEditPage />,
    notification: <NotificationsPage />,
    audit: <AuditPage />,
  },
  stories: {
    shortcuts: <ShortcutsPage />,
    banners: <BannersPage />,
    storyVideos: <StoryVideosPage />,
    storyAds: <StoryAdsPage />,
  },
  products: {
    product: <AddProductPage />,
    categories: <CategoriesPage />,
    products: <ProductListPage />,
    productEvents: <ProductEventsPage />,
  },
  ads: {
    nativeAds: <AdUnitsPage type="native" />,
    fullScreenAds: <AdUnitsPage type="fullScreen" />,
    bannerAds: <AdUnitsPage type="banner" />,
    openAds: <AdUnitsPage type="open" />,
    rewardAds: <AdUnitsPage type="reward" />,
    webAds: <WebAdsPage />,
    inHouseAds: <InHouseAdsPage />,
  },
} satisfies Record<string, Partial<Record<ScreenName, ReactElement>>>;
type Place = keyof typeof signedInScreens;

type Unplaced = Exclude<
  ScreenName,
  SignInScreen | { [Key in Place]: keyof (typeof signedInScreens)[Key] }[Place]
>;
/**
 * A place, once every screen but the sign-in's has one; while a screen has none, that screen's
 * name: then no route list compiles, and the error names the screen.
 */
type Listed = [Unplaced] extends [never] ? Place : Unplaced;

/** The routes of the screens shown at `place`. */
const screensIn = (place: Listed) =>
  Object.entries(signedInScreens[place]).map(([name, show]) => (
    <Route key={name} path={screenRoutes[name as ScreenName]} element={show} />
  ));

function SignedInRoutes() {
  return (
    <Routes>
      {screensIn('alone')}
      {/* Signed in, the sign-in screens have nothing to do: on to the page first asked for. */}
      <Route path="/admin/panel/*" element={<AfterSignIn />} />
      <Route element={<Shell />}>
        {screensIn('shell')}
        <Route element={<StoryTabs />}>{screensIn('stories')}</Route>
        <Route element={<ProductTabs />}>{screensIn('products')}</Route>
        <Route element={<AdsTabs />}>{screensIn('ads')}</Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function Unreachable({ retry }: { retry: () => void }) {
  return (
    <Center h="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} fz="h2">
          The server cannot be reached
        </Title>
        <Text c="dimmed">
          Your session is kept. Check your connection, or wait for the server to come back, then try
          again.
        </Text>
        <Button onClick={retry}>Try again</Button>
      </Stack>
    </Center>
  );
}

export function AppRoutes() {
  const { status, retry } = useAuth();
  const { pathname } = useLocation();
  useEffect(() => {
    if (status === 'signedIn' || status === 'signedOut')
      document.title = pageTitle(pathname, status === 'signedIn');
  }, [pathname, status]);
  if (status === 'checking') return <Loading label="Checking your session" />;
  if (status === 'unreachable') return <Unreachable retry={retry} />;
  return (
    <ErrorBoundary>
      <Lazy>{status === 'signedIn' ? <SignedInRoutes /> : <SignedOutRoutes />}</Lazy>
    </ErrorBoundary>
  );
}
