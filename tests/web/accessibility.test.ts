// Accessibility, measured by axe-core (WCAG 2.1 A and AA rules and its best practices) on
// every screen at 1280 and 375 px, with a form's messages, a toast and a dialog showing: no
// serious or critical violation (contrast of at least 4.5:1, a name for every button, valid
// ARIA). At 375 px the hidden side rail is out of the Tab order.
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, narrow, openPage, wide, type TestPage } from '../support/browser.js';
import { toast } from '../support/screens.js';
import {
  openSignedInScreen,
  screenshotOnFailure,
  type SignedInScreen,
} from '../support/signed-in-screen.js';

const signedInScreens = [
  '/',
  '/profile',
  '/add/story',
  '/add/story/banner',
  '/add/story/video',
  '/add/story/Ad',
  '/controller',
  '/add/Product',
  '/add/Product/category',
  '/show/Product',
  '/show/Prodcut/event',
  '/site/policy',
  '/site/policy/terms',
  '/site/manage/ads/nativeAds/add',
  '/site/manage/ads/webAds/add',
  '/manage/ads/inHouseAds/add',
  '/site/manage/analytics',
  '/site/notification',
  '/views/dashboard/no-such-item?q=Nothing',
  '/Error',
  '/no-such-screen',
];

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

describe.each([
  ['1280 px', wide],
  ['375 px', narrow],
] as const)('every signed-in screen at %s', (_size, viewport) => {
  let signedIn: SignedInScreen;
  beforeAll(async () => {
    signedIn = await openSignedInScreen('/', { viewport });
    return () => signedIn.close();
  });
  afterEach(screenshotOnFailure(() => signedIn.page));

  it('has no serious or critical violation', async () => {
    const report: string[] = [];
    for (const path of signedInScreens) {
      await signedIn.page.goto(path);
      await signedIn.page.locator('main h1').first().waitFor();
      for (const line of await violations(signedIn.page)) report.push(`${path} ${line}`);
    }
    expect(report).toEqual([]);
  });

  it('has none with a form’s messages, then a dialog, showing', async () => {
    const { page } = signedIn;
    await page.goto('/site/notification');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('main [aria-invalid="true"]').first().waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel(/^Title/).fill('Accessible title');
    await page.getByLabel(/^Message/).fill('Accessible message');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
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
    for (const path of ['/admin/panel/login', '/admin/panel/forgetpw', '/somewhere']) {
      await page.goto(path);
      expect(await violations(page), path).toEqual([]);
    }
    await page.goto('/admin/panel/login');
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

describe('keyboard at 375 px', () => {
  let signedIn: SignedInScreen;
  beforeAll(async () => {
    signedIn = await openSignedInScreen('/', { viewport: narrow });
    return () => signedIn.close();
  });

  it('never tabs into the hidden side rail, and reaches the menu button', async () => {
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
});
