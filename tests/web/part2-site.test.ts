// The policy and terms editors, push notifications (send, schedule, resend, delete) and the
// developer-tools guard, walked through the screens.
import type { Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { maxPageSize, notificationPageSize } from '@dealdesk/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openInApp, screenshot } from '../support/browser.js';
import { answerCaptcha, chooseFile, png, toast } from '../support/screens.js';
import {
  openSignedInScreen,
  screenshotOnFailure,
  type SignedInScreen,
} from '../support/signed-in-screen.js';

let signedIn: SignedInScreen;
let page: Page;

beforeAll(async () => {
  signedIn = await openSignedInScreen('/site/policy', { pageClock: true });
  page = signedIn.page;
  return signedIn.close;
});
afterEach(screenshotOnFailure(() => page));

describe('Privacy Policy and Terms & Conditions', () => {
  const article = (name: string) => page.getByRole('article', { name });

  it('starts empty, refuses a blank text, and saves on Save', async () => {
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    await page.getByText('Nothing written yet. Choose Edit to write the Privacy Policy.').waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter the policy title').waitFor();
    await page.getByText('Enter the policy text').waitFor();
    await page.getByLabel(/^Title/).fill('Our privacy promise');
    await page
      .getByLabel(/^Text/)
      .fill('We keep your data safe.\nWe never sell it.\n\nAsk us anything.');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Policy updated successfully');
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await article('Privacy Policy').getByRole('heading', { name: 'Our privacy promise' }).waitFor();
    // Plain text keeps its line breaks.
    const text = await article('Privacy Policy').innerText();
    expect(text).toContain('We keep your data safe.\nWe never sell it.\n\nAsk us anything.');
    await screenshot(page, 'policy');
  });

  it('shows HTML formatting but never runs or loads what the text carries', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    await page
      .getByLabel(/^Text/)
      .fill(
        '<p>Read <b>carefully</b>.</p><script>window.ran = true</script>' +
          '<img src="x" onerror="window.ran = true">' +
          '<a href="javascript:window.ran = true">bad link</a> ' +
          '<a href="https://deals.example/help">help</a>' +
          '<p onclick="window.ran = true">click me</p>',
      );
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Policy updated successfully');
    const policy = article('Privacy Policy');
    await policy.locator('b', { hasText: 'carefully' }).waitFor();
    expect(await policy.locator('script, img, [onclick], [onerror]').count()).toBe(0);
    expect(await policy.getByRole('link').allTextContents()).toEqual(['help']);
    expect(await policy.getByRole('link', { name: 'help' }).getAttribute('href')).toBe(
      'https://deals.example/help',
    );
    await policy.getByText('click me').click();
    await policy.getByText('bad link').click();
    expect(await page.evaluate(() => (window as { ran?: boolean }).ran)).toBeUndefined();
  });

  it('edits the terms on their own route; Cancel keeps the saved text', async () => {
    await page
      .getByRole('radiogroup', { name: 'Policy texts' })
      .getByText('Terms & Conditions')
      .click();
    await page.waitForURL('**/site/policy/terms');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^Title/).fill('Terms of use');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByText('Nothing written yet. Choose Edit to write the Terms & Conditions.')
      .waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByLabel(/^Title/).inputValue()).toBe('');
    await page.getByLabel(/^Title/).fill('Terms of use');
    await page.getByLabel(/^Text/).fill('Deals are as listed by each shop.');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Terms & Conditions updated successfully');
    await article('Terms & Conditions').getByText('Deals are as listed by each shop.').waitFor();
    await screenshot(page, 'terms');
    await signedIn.narrowScreenshot('/site/policy', 'policy', async (small) => {
      await small.getByRole('heading', { name: 'Our privacy promise' }).waitFor();
    });
  });
});

describe('notifications', () => {
  const history = () => page.getByRole('table', { name: 'Notification history' });
  const form = () => page.getByRole('form', { name: 'Send a notification' });

  it('refuses a notification without title and message, and an icon of the wrong type', async () => {
    // Through the app's router: a full load of the build costs Chromium a second of CPU.
    await openInApp(page, '/site/notification', 'Notifications');
    await page.getByText('Nothing sent yet').waitFor();
    await form().getByRole('button', { name: 'Send' }).click();
    await form().getByText('Enter a title').waitFor();
    await form().getByText('Enter a message').waitFor();
    await chooseFile(
      page,
      form().getByLabel('Icon'),
      { name: 'icon.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
      'refused',
    );
    await form()
      .getByText('Please select a valid image file. Allowed types: png, jpg, jpeg')
      .waitFor();
  });

  it('sends one now with its icon, and schedules another', async () => {
    await form()
      .getByLabel(/^Title/)
      .fill('Diwali deals are live');
    await form()
      .getByLabel(/^Message/)
      .fill('Up to 80% off across the app.');
    await form().getByLabel(/^URL/).fill('https://deals.example/diwali');
    await chooseFile(page, form().getByLabel('Icon'), png('bell.png'), 'accepted');
    await expect.poll(() => form().getByLabel('Icon').getAttribute('data-check')).toBe('accepted');
    await form().getByRole('button', { name: 'Send' }).click();
    // Nothing goes out before the admin has seen it as a phone shows it, and whom it reaches.
    const confirm = page.getByRole('dialog', {
      name: 'Send this notification to every app user?',
    });
    const preview = confirm.getByRole('figure', { name: /Preview of the notification/ });
    await preview.getByText('Diwali deals are live').waitFor();
    await preview.getByText('Up to 80% off across the app.').waitFor();
    expect(await preview.locator('img').getAttribute('src')).toMatch(/^blob:/);
    await confirm.getByText('every user of the app', { exact: false }).waitFor();
    await confirm.getByText('https://deals.example/diwali').waitFor();
    await screenshot(page, 'notification-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(
      await history()
        .getByRole('row', { name: /Diwali deals are live/ })
        .count(),
    ).toBe(0);
    // A double click on Send opens one confirmation; one on its button sends one notification.
    await form().getByRole('button', { name: 'Send' }).dblclick();
    await confirm.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    await confirm.getByRole('button', { name: 'Send now' }).dblclick();
    await toast(page, 'Notification sent successfully !');
    const sent = history().getByRole('row', { name: /Diwali deals are live/ });
    await sent.getByText('Sent', { exact: true }).waitFor();
    expect(await sent.locator('img').getAttribute('src')).toMatch(/^\/media\//);
    expect(
      await form()
        .getByLabel(/^Title/)
        .inputValue(),
    ).toBe('');

    await form()
      .getByLabel(/^Title/)
      .fill('Weekend flash sale');
    await form()
      .getByLabel(/^Message/)
      .fill('Starts Saturday at 10.');
    // A time already past would go out at once: refused on the field.
    await form()
      .getByLabel(/^Send at/)
      .fill('2020-01-01T00:00');
    await form().getByRole('button', { name: 'Schedule' }).click();
    await form().getByText('The send time is in the past', { exact: false }).waitFor();
    await form()
      .getByLabel(/^Send at/)
      .fill('2099-01-01T10:00');
    await form().getByRole('button', { name: 'Schedule' }).click();
    await page
      .getByRole('dialog', { name: 'Send this notification to every app user?' })
      .getByRole('button', { name: 'Schedule' })
      .click();
    await toast(page, 'Notification scheduled successfully !');
    await history()
      .getByRole('row', { name: /Weekend flash sale/ })
      .getByText('Scheduled', { exact: true })
      .waitFor();
    await screenshot(page, 'notifications');
  });

  it('resends a notification with its icon', async () => {
    expect(
      await history()
        .getByRole('row', { name: /Diwali deals are live/ })
        .count(),
    ).toBe(1);
    await page.getByRole('button', { name: 'Resend Diwali deals are live' }).click();
    const confirm = page.getByRole('dialog', {
      name: 'Resend this notification to every app user?',
    });
    expect(await confirm.locator('img').getAttribute('src')).toMatch(/^\/media\//);
    await confirm.getByRole('button', { name: 'Resend now' }).click();
    await toast(page, 'Notification sent successfully !');
    await expect
      .poll(() =>
        history()
          .getByRole('row', { name: /Diwali deals are live/ })
          .count(),
      )
      .toBe(2);
    const icons = await history()
      .getByRole('row', { name: /Diwali deals are live/ })
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    expect(new Set(icons).size).toBe(1);
    await signedIn.narrowScreenshot('/site/notification', 'notifications', async (small) => {
      const history = small.getByRole('list', { name: 'Notification history' });
      await history
        .getByRole('button', { name: /^Resend/ })
        .first()
        .waitFor();
      // The actions fit the card: nothing sits past the 375 px screen's right edge.
      const right = await history
        .getByRole('button', { name: /^Delete/ })
        .first()
        .evaluate((button) => button.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(375);
    });
  });

  it('deletes selected notifications after the captcha', async () => {
    await page.getByRole('checkbox', { name: 'Select every row on this page' }).check();
    await page.getByRole('button', { name: 'Delete selected (3)' }).click();
    await answerCaptcha(page, false, 'Captcha answer is incorrect');
    await history()
      .getByRole('row', { name: /Weekend flash sale/ })
      .waitFor();
    await page.getByRole('button', { name: 'Delete Weekend flash sale' }).click();
    await answerCaptcha(page, true);
    await toast(page, 'notification deleted successfully !');
    await history()
      .getByRole('row', { name: /Weekend flash sale/ })
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await answerCaptcha(page, true);
    await page.getByText('Nothing sent yet').waitFor();
  });

  it('shows the history a page of the newest 50 at a time', async () => {
    const count = notificationPageSize + 5;
    for (let deal = 1; deal <= count; deal += 1) {
      const sent = await signedIn.api.notifications.send({
        title: `Deal ${deal}`,
        message: 'Half price',
        url: '',
      });
      expect(sent.status).toBe(true);
    }
    try {
      await page.reload();
      const rows = history().locator('tbody tr');
      await history()
        .getByRole('row', { name: /Deal 55/ })
        .waitFor();
      await page.getByText(`${count} items`).waitFor();
      expect(await rows.count()).toBe(notificationPageSize);
      expect(await rows.first().innerText()).toContain('Deal 55');
      expect(await rows.last().innerText()).toContain('Deal 6');

      await page.getByRole('button', { name: 'next page' }).click();
      await history()
        .getByRole('row', { name: /Deal 5\b/ })
        .waitFor();
      expect(await rows.count()).toBe(5);
      expect(await rows.last().innerText()).toContain('Deal 1');
      // The selection is the page's: checking it all selects the 5 shown.
      await page.getByRole('checkbox', { name: 'Select every row on this page' }).check();
      await page.getByRole('button', { name: 'Delete selected (5)' }).waitFor();
    } finally {
      const all = await signedIn.api.notifications.history({ limit: maxPageSize });
      await signedIn.api.notifications.remove({ id: (all.data ?? []).map((row) => row._id) });
    }
  });
});

describe('developer-tools guard', () => {
  const guardTarget = 'https://www.google.com/';
  let guardScript: string;

  beforeAll(async () => {
    // The guard module alone, as the production bundle loads it.
    const built = await build({
      configFile: false,
      logLevel: 'silent',
      resolve: {
        alias: {
          '@dealdesk/core': fileURLToPath(new URL('../../core/src/index.ts', import.meta.url)),
        },
      },
      build: {
        write: false,
        minify: false,
        lib: {
          entry: fileURLToPath(
            new URL('../../web/src/features/devtools-guard/guard.ts', import.meta.url),
          ),
          formats: ['iife'],
          name: 'devtoolsGuard',
        },
      },
    });
    const outputs = Array.isArray(built) ? built : [built];
    const chunk = outputs.flatMap((output) => ('output' in output ? output.output : []))[0];
    if (chunk === undefined || !('code' in chunk)) throw new Error('no guard bundle');
    guardScript = chunk.code;
  });

  /** A browser window: its outer size in screen pixels, the page's in CSS pixels at a zoom. */
  interface GuardedWindow {
    outer: { width: number; height: number };
    viewport: { width: number; height: number };
    /** Browser zoom (1 is 100%): Chromium's devicePixelRatio on a standard screen. */
    zoom: number;
  }
  /** Outer 1280 × 860 screen pixels: 80 go to the toolbars, the rest shown at `zoom`. */
  const zoomed = (zoom: number, dockedWidth = 0): GuardedWindow => ({
    outer: { width: 1280, height: 860 },
    viewport: {
      width: Math.round((1280 - dockedWidth) / zoom),
      height: Math.round((860 - 80) / zoom),
    },
    zoom,
  });

  /**
   * A page with the guard installed; the search site is answered locally. Chromium emulates the
   * zoomed page (its CSS-pixel viewport and devicePixelRatio, as Emulation.setDeviceMetricsOverride
   * sets them); the outer size is stubbed, since headless Chromium draws no window around it.
   */
  async function guardedPage(shape: GuardedWindow = zoomed(1), fakeClock = false) {
    const context = await signedIn.browser.newContext({
      viewport: shape.viewport,
      deviceScaleFactor: shape.zoom,
    });
    const guarded = await context.newPage();
    await guarded.route('https://www.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Search</title>' }),
    );
    await guarded.route('http://guarded.test/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>App</title><p>app</p>' }),
    );
    await guarded.goto('http://guarded.test/');
    await guarded.evaluate((outer) => {
      Object.defineProperty(window, 'outerWidth', { value: outer.width });
      Object.defineProperty(window, 'outerHeight', { value: outer.height });
    }, shape.outer);
    if (fakeClock) await guarded.clock.install();
    await guarded.addScriptTag({ content: guardScript });
    await guarded.evaluate(() =>
      (
        window as { devtoolsGuard?: { installDevtoolsGuard(): void } }
      ).devtoolsGuard?.installDevtoolsGuard(),
    );
    return { page: guarded, close: () => context.close() };
  }

  it('is left out of the tested build: F12 and the context menu do nothing there', async () => {
    await page.goto('/site/notification');
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.keyboard.press('F12');
    const blocked = await page.evaluate(() => {
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      return !document.body.dispatchEvent(event);
    });
    expect(blocked).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/site/notification');
  });

  for (const shortcut of [
    'F12',
    'Control+Shift+I',
    'Control+Shift+C',
    'Control+Shift+J',
    'Control+U',
  ]) {
    it(`leaves for the search site on ${shortcut}`, async () => {
      const guarded = await guardedPage();
      try {
        await guarded.page.keyboard.press('Control+Shift+K');
        await guarded.page.keyboard.press('Control+I');
        expect(guarded.page.url()).toBe('http://guarded.test/');
        await guarded.page.keyboard.press(shortcut);
        await guarded.page.waitForURL(guardTarget);
      } finally {
        await guarded.close();
      }
    });
  }

  it('blocks the context menu', async () => {
    const guarded = await guardedPage();
    try {
      const blocked = await guarded.page.evaluate(() => {
        const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
        return !document.body.dispatchEvent(event);
      });
      expect(blocked).toBe(true);
    } finally {
      await guarded.close();
    }
  });

  it('leaves when the window is over 160 px wider than the page, not at 160', async () => {
    // The page's clock, not the wall clock, runs past the guard's next check (every second).
    const atThreshold = await guardedPage(zoomed(1, 160), true);
    try {
      await atThreshold.page.clock.runFor(1_200);
      expect(atThreshold.page.url()).toBe('http://guarded.test/');
    } finally {
      await atThreshold.close();
    }
    const docked = await guardedPage(zoomed(1, 161));
    try {
      await docked.page.waitForURL(guardTarget);
    } finally {
      await docked.close();
    }
  });

  it('stays at every browser zoom from 50 to 300%, 125% on a 1280 px window included', async () => {
    for (const zoom of [0.5, 0.67, 0.8, 0.9, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3]) {
      const guarded = await guardedPage(zoomed(zoom), true);
      try {
        expect(await guarded.page.evaluate(() => window.devicePixelRatio)).toBeCloseTo(zoom, 5);
        await guarded.page.clock.runFor(1_200);
        expect(guarded.page.url(), `at ${zoom * 100}%`).toBe('http://guarded.test/');
      } finally {
        await guarded.close();
      }
    }
  });

  it('leaves for a panel docked beside or below a zoomed page', async () => {
    const below: GuardedWindow = {
      ...zoomed(1.25),
      viewport: { width: 1024, height: Math.round((860 - 80 - 300) / 1.25) },
    };
    for (const shape of [zoomed(1.25, 400), zoomed(0.67, 400), below]) {
      const docked = await guardedPage(shape);
      try {
        await docked.page.waitForURL(guardTarget);
      } finally {
        await docked.close();
      }
    }
  });
});
