// Accessibility, measured by axe-core (WCAG 2.1 A and AA rules and its best practices) on
// every screen at 1280 and 375 px, with a form's messages, a toast and a dialog showing: no
// serious or critical violation (contrast of at least 4.5:1, a name for every button, valid
// ARIA). At 375 px the hidden side rail is out of the Tab order. A full load of the build costs
// Chromium more than a second of CPU: each walk loads once, then goes through the app's router
// and resizes the page for the other width.
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectBrowser,
  narrow,
  openInApp,
  openPage,
  resize,
  wide,
  type TestPage,
} from '../support/browser.js';
import { seedCatalogue } from '../support/catalogue.js';
import { toast } from '../support/screens.js';
import {
  openSignedInScreen,
  screenshotOnFailure,
  type SignedInScreen,
} from '../support/signed-in-screen.js';

/** Every signed-in screen, with the tab title it sets once shown. */
const signedInScreens = [
  ['/', 'Home'],
  ['/profile', 'Profile'],
  ['/profile/security', 'Security'],
  ['/site/admins', 'Administrators'],
  ['/add/story', 'Shortcut stories'],
  ['/add/story/banner', 'Banners'],
  ['/add/story/video', 'Story videos and images'],
  ['/add/story/Ad', 'Story ads'],
  ['/controller', 'Controller'],
  ['/add/Product', 'Add product'],
  ['/add/Product/category', 'Categories'],
  ['/show/Product', 'Products'],
  ['/show/Prodcut/event', 'Products by event'],
  ['/site/policy', 'Privacy policy'],
  ['/site/policy/terms', 'Terms & conditions'],
  ['/site/manage/ads/nativeAds/add', 'Native ads'],
  ['/site/manage/ads/webAds/add', 'Website ads'],
  ['/manage/ads/inHouseAds/add', 'In-house ads'],
  ['/site/manage/analytics', 'Analytics'],
  ['/site/notification', 'Notifications'],
  ['/views/dashboard/no-such-item?q=Nothing', 'Views and clicks'],
  ['/Error', 'Something went wrong'],
  ['/no-such-screen', 'Page not found'],
] as const;

const widths = [
  ['1280 px', wide],
  ['375 px', narrow],
] as const;

/** The serious and critical violations on the page as it is, one line each. */
async function violations(page: Page): Promise<string[]> {
  // Every screen's loading state is labelled "Loading ...": checked once the data shows (the
  // server-load poll never lets the network go idle for long).
  const loading = page.locator('[aria-label^="Loading"], [aria-label="Checking your session"]');
  await expect.poll(() => loading.count(), { timeout: 15_000 }).toBe(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    const { violations } = await window.axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      resultTypes: ['violations'],
    });
    return violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        where: node.html.slice(0, 120),
        why: node.failureSummary?.split('\n')[1]?.trim() ?? '',
      })),
    );
  });
  return found
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ rule, impact, where, why }) => `${impact} ${rule}: ${why} at ${where}`);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/**
 * The violations at both widths, on one load: the page is resized in between (the app's
 * layout follows the width alone), starting at the width it has, so a walk resizes once a
 * screen. Each line names its width.
 */
async function violationsAtBothWidths(page: Page): Promise<string[]> {
  const first = page.viewportSize()?.width === narrow.width ? 1 : 0;
  const report: string[] = [];
  for (const [size, viewport] of [widths[first], widths[1 - first]] as const) {
    if (viewport === undefined) continue;
    await resize(page, viewport);
    for (const line of await violations(page)) report.push(`at ${size}: ${line}`);
  }
  return report;
}

describe('every signed-in screen at 1280 and 375 px', () => {
  let signedIn: SignedInScreen;
  beforeAll(async () => {
    // Opened narrow: the keyboard test wants the page as loaded at 375 px.
    signedIn = await openSignedInScreen('/', { viewport: narrow });
    // Product screens with rows of their own to check, whatever other files left (or not).
    const seeded = await seedCatalogue(signedIn.api, 'Accessible', {
      search: 'Accessible product',
      each: ['Accessible product one', 'Accessible product two', 'Accessible product three'],
    });
    // Rows the analytics and administrators screens show: an ad's card, a pending invitation.
    const { api } = signedIn;
    const ad = { a_name: 'Accessiblead', a_id: 'https://deals.example/a11y', a_description: 'd' };
    await api.webAds.add(ad);
    const listed = await api.webAds.list({ startDate: '2000-01-01', endDate: '2100-12-31' });
    const adId = listed.data?.find((each) => each.a_name === ad.a_name)?._id ?? '';
    await api.tracking.track({ events: [{ kind: 'webAd', id: adId, event: 'click' }] });
    const invited = await api.admin.inviteAdministrator({ a_email: 'accessible@example.com' });
    return async () => {
      try {
        await seeded.remove();
        await api.webAds.remove({ id: adId });
        await api.admin.cancelInvitation({ id: invited.data?._id ?? '' });
      } finally {
        await signedIn.close();
      }
    };
  });
  afterEach(screenshotOnFailure(() => signedIn.page));

  // First, on the page as loaded (where a Tab starts from the top).
  it('at 375 px never tabs into the hidden side rail, and reaches the menu button', async () => {
    const { page } = signedIn;
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const reached: { inRail: boolean; name: string }[] = [];
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const active = document.activeElement;
          return {
            inRail: active?.closest('.mantine-AppShell-navbar') !== null,
            name: active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '',
          };
        }),
      );
    }
    expect(reached.filter(({ inRail }) => inRail)).toEqual([]);
    expect(reached.map(({ name }) => name)).toContain('Open navigation');
  });

  // One load; the screens are then opened through the app's router, a test each (46 checks in
  // one test outran its time on a busy machine, and hid which screen was slow).
  for (const [path, title] of signedInScreens) {
    it(`has no serious or critical violation at ${path}`, async () => {
      const { page } = signedIn;
      await openInApp(page, path, title);
      await page.locator('main h1').first().waitFor();
      expect(await violationsAtBothWidths(page)).toEqual([]);
    });
  }

  it('has none with a form’s messages, then a dialog, showing', async () => {
    const { page } = signedIn;
    await openInApp(page, '/site/notification', 'Notifications');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('main [aria-invalid="true"]').first().waitFor();
    expect(await violationsAtBothWidths(page)).toEqual([]);
    await page.getByLabel(/^Title/).fill('Accessible title');
    await page.getByLabel(/^Message/).fill('Accessible message');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await violationsAtBothWidths(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('serves the app at every screen’s address (a link or a reload straight to it works)', async () => {
    const app = await signedIn.page.request.get('/');
    expect(app.status()).toBe(200);
    const html = await app.text();
    for (const [path] of signedInScreens) {
      const answer = await signedIn.page.request.get(path);
      expect(answer.status(), path).toBe(200);
      expect(await answer.text(), path).toBe(html);
    }
  });
});

describe('signed out', () => {
  let tab: TestPage;
  beforeAll(async () => {
    const browser = await connectBrowser();
    tab = await openPage(browser, wide);
    return async () => {
      await tab.close();
      await browser.close();
    };
  });
  afterEach(screenshotOnFailure(() => tab.page));

  it('has no serious or critical violation on the sign-in screens, messages and toasts included', async () => {
    const { page } = tab;
    // One load; the login screen comes last, fresh for its messages.
    await page.goto('/somewhere');
    await page.getByRole('heading', { name: 'Please log in' }).waitFor();
    expect(await violations(page), '/somewhere').toEqual([]);
    await openInApp(page, '/admin/panel/forgetpw', 'Forgot password');
    expect(await violations(page), '/admin/panel/forgetpw').toEqual([]);
    await openInApp(page, '/admin/panel/login', 'Sign in');
    expect(await violations(page), '/admin/panel/login').toEqual([]);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Admin ID is required').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('Admin ID').fill('nobody');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, 'Invalid admin ID or password');
    expect(await violations(page)).toEqual([]);
  });
});
