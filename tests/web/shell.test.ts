// The signed-in frame at 1280 px and at 375 px: side navigation (hover rail or drawer), the
// top bar (links or dropdown), the server load strip, and a screenshot of every screen.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { narrow, openInApp, screenshot, wide } from '../support/browser.js';
import { openSignedInScreen } from '../support/signed-in-screen.js';

// Name, path, heading, tab title.
const screens = [
  ['home', '/', 'Welcome back', 'Home'],
  ['profile', '/profile', 'Profile', 'Profile'],
  ['story-manager', '/add/story', 'Story Manager', 'Shortcut stories'],
  ['controller', '/controller', 'Controller', 'Controller'],
  [
    'dashboard',
    '/views/dashboard/bbbbbbbbbbbbbbbbbbbbbbbb',
    'Views and clicks',
    'Views and clicks',
  ],
  ['analytics', '/site/manage/analytics', 'View & Click Analytics', 'Analytics'],
  ['notifications', '/site/notification', 'Notifications', 'Notifications'],
  [
    'not-found',
    '/no/such/screen',
    'Oops! The page you are looking for could not be found.',
    'Page not found',
  ],
] as const;

describe.each([
  ['wide', wide],
  ['narrow', narrow],
] as const)('shell, %s', (size, viewport) => {
  let page: Page;
  beforeAll(async () => {
    const signedIn = await openSignedInScreen('/', { viewport });
    page = signedIn.page;
    return signedIn.close;
  });

  it('shows the server load strip with a band colour for each reading', async () => {
    const strip = page.getByRole('group', { name: 'Server load' }).filter({ visible: true });
    await strip.getByText(/^CPU \d+%$/).waitFor();
    for (const reading of ['cpuLoad', 'ramUsage', 'storageUsage']) {
      const band = await strip.getByTestId(`server-${reading}`).getAttribute('data-band');
      expect(['green', 'yellow', 'red']).toContain(band);
    }
  });

  it('reaches every section from the side navigation', async () => {
    const open = async (label: string) => {
      if (size === 'narrow') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page.getByRole('dialog').getByRole('link', { name: label }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      } else {
        const rail = page.getByRole('navigation', { name: 'Main' });
        await page.mouse.move(600, 400);
        await rail.hover();
        await expect.poll(async () => (await rail.boundingBox())?.width).toBe(224);
        await rail.getByRole('link', { name: label }).click();
        // The screen that opens is not covered: the rail folds though the pointer is still on it.
        await expect.poll(async () => (await rail.boundingBox())?.width).toBe(72);
      }
    };
    await open('Story Manager');
    await page.waitForURL('**/add/story');
    // The screen is loaded (its chunk is lazy) before the drawer opens again.
    await page.getByRole('heading', { name: 'Story Manager', level: 1 }).waitFor();
    // The browser tab says which screen it holds.
    await expect.poll(() => page.title()).toBe('Shortcut stories · Dealdesk');
    await open('Policy');
    await page.waitForURL('**/site/policy');
    await page.getByRole('heading', { name: 'Policy', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Privacy policy · Dealdesk');
    if (size === 'narrow') {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await screenshot(page, 'shell-drawer');
      await page.keyboard.press('Escape');
    } else {
      await page.mouse.move(600, 400);
      await page.getByRole('navigation', { name: 'Main' }).hover();
      await screenshot(page, 'shell-rail-open');
    }
  });

  it('reaches the top links (a dropdown on narrow screens that closes on an outside click)', async () => {
    if (size === 'narrow') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
      await page.mouse.click(200, 600);
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menuitem', { name: 'Controller' }).click();
    } else {
      await page.getByRole('link', { name: 'Controller' }).click();
    }
    await page.waitForURL('**/controller');
  });

  it.each(screens)('shows %s', async (name, path, heading, title) => {
    // Through the app's router: a full load of the build costs Chromium a second of CPU.
    await openInApp(page, path, title);
    await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
    await page
      .getByRole('group', { name: 'Server load' })
      .filter({ visible: true })
      .getByText(/^CPU \d+%$/)
      .waitFor();
    await screenshot(page, name);
  });
});
