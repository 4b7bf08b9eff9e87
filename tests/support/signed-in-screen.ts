// The setup the screen test files share: the shared Chromium, one page signed in at the
// file's first screen, and on the way out a check that the page logged no errors.
import type { ApiClient } from '@dealdesk/core';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { expect, type TestContext } from 'vitest';
import {
  apiClient,
  connectBrowser,
  installPageClock,
  narrow,
  openPage,
  routerPush,
  screenshot,
  sessionToken,
  wide,
  type TestPage,
  type Viewport,
} from './browser.js';
import { serverNow } from './server-clock.js';

export interface ScreenOptions {
  /** The page's size; wide unless told. */
  viewport?: Viewport;
  /** Runs on every page of the file before it opens the app (routes, offline answers). */
  prepare?: (page: Page) => Promise<void>;
  /** Waits until the first screen is usable. */
  ready?: (page: Page) => Promise<void>;
  /** Adds through the API what the first screen lists, before it loads (no reload to see it). */
  seed?: (api: ApiClient) => Promise<void>;
  /**
   * The page's timers on Playwright's clock (installPageClock), so the file's steps skip the
   * app's fixed waits with `skipAhead` instead of sitting them out.
   */
  pageClock?: boolean;
}

export interface SignedInScreen {
  browser: Browser;
  page: Page;
  /** The core's client with the page's session. */
  api: ApiClient;
  /** A narrow (375 px) look at a screen, signed in, for the screenshots; it must log no errors. */
  narrowScreenshot(
    path: string,
    name: string,
    ready: (small: Page) => Promise<void>,
  ): Promise<void>;
  /** Checks the page logged no errors, then closes it and the browser connection. */
  close(): Promise<void>;
}

/**
 * Opens `path` signed in. Return its `close` from `beforeAll` so vitest runs it after the file
 * (or the suite).
 */
export async function openSignedInScreen(
  path: string,
  { viewport = wide, prepare, ready, seed, pageClock = false }: ScreenOptions = {},
): Promise<SignedInScreen> {
  const token = await sessionToken();
  const api = apiClient(() => token);
  await seed?.(api);
  const browser = await connectBrowser();
  // The session is stored in the page's context from the start: no sign-in screen to load.
  const tab = await openPage(browser, viewport, token).catch(async (error: unknown) => {
    await browser.close();
    throw error;
  });
  // The narrow look is one page, opened on first use and loaded then; later looks go through
  // its router (a load costs Chromium a second of CPU). Between looks it is frozen, as a tab
  // in the background is: an idle signed-in page would still poll the server load.
  let small: { tab: TestPage; lifecycle: CDPSession } | undefined;
  const close = async () => {
    try {
      expect(tab.errors, tab.errors.join('\n')).toEqual([]);
    } finally {
      await small?.tab.close();
      await tab.close();
      await browser.close();
    }
  };
  /** The narrow page showing `at`, loaded the first time and where it shows that path already. */
  const showNarrow = async (at: string) => {
    if (small === undefined) {
      const opened = await openPage(browser, narrow, token);
      small = { tab: opened, lifecycle: await opened.page.context().newCDPSession(opened.page) };
      await prepare?.(opened.page);
      await opened.page.goto(at);
      return small;
    }
    await small.lifecycle.send('Page.setWebLifecycleState', { state: 'active' });
    const { page } = small.tab;
    const shown = new URL(page.url());
    if (new URL(at, shown).pathname === shown.pathname) {
      await page.goto(at);
    } else {
      // The app sets the tab's title once the router shows a new path's screen (the old one
      // stays up while its code loads): emptied first, it says when, whatever the title.
      await page.evaluate(() => {
        document.title = '';
      });
      await routerPush(page, at);
      await page.waitForFunction(() => document.title !== '');
    }
    return small;
  };
  try {
    await prepare?.(tab.page);
    if (pageClock) await installPageClock(tab.page, await serverNow());
    await tab.page.goto(path);
    await ready?.(tab.page);
    return {
      browser,
      page: tab.page,
      api,
      async narrowScreenshot(at, name, smallReady) {
        const { tab: narrowTab, lifecycle } = await showNarrow(at);
        const { page, errors } = narrowTab;
        try {
          await smallReady(page);
          await screenshot(page, name);
          expect(errors, errors.join('\n')).toEqual([]);
        } finally {
          await lifecycle.send('Page.setWebLifecycleState', { state: 'frozen' });
          errors.length = 0;
        }
      },
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** An `afterEach` that keeps a screenshot of the page a failed test left behind. */
export function screenshotOnFailure(page: () => Page) {
  return async ({ task }: TestContext) => {
    if (task.result?.state === 'fail')
      await screenshot(page(), `failed-${task.name.slice(0, 30)}`, { always: true });
  };
}
