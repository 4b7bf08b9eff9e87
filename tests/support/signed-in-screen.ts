// The setup the screen test files share: the shared Chromium, one page signed in at the
// file's first screen, and on the way out a check that the page logged no errors.
import type { ApiClient } from '@dealdesk/core';
import type { Browser, Page } from 'playwright-core';
import { expect, type TestContext } from 'vitest';
import {
  apiClient,
  connectBrowser,
  narrow,
  openPage,
  screenshot,
  sessionToken,
  wide,
  type TestPage,
  type Viewport,
} from './browser.js';

export interface ScreenOptions {
  /** The page's size; wide unless told. */
  viewport?: Viewport;
  /** Runs on every page of the file before it opens the app (routes, offline answers). */
  prepare?: (page: Page) => Promise<void>;
  /** Waits until the first screen is usable. */
  ready?: (page: Page) => Promise<void>;
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
  { viewport = wide, prepare, ready }: ScreenOptions = {},
): Promise<SignedInScreen> {
  const token = await sessionToken();
  const browser = await connectBrowser();
  // The session is stored in the page's context from the start: no sign-in screen to load.
  const tab = await openPage(browser, viewport, token).catch(async (error: unknown) => {
    await browser.close();
    throw error;
  });
  // The narrow look is one page, opened on first use and loaded again for each screen.
  let small: TestPage | undefined;
  const close = async () => {
    try {
      expect(tab.errors, tab.errors.join('\n')).toEqual([]);
    } finally {
      await small?.close();
      await tab.close();
      await browser.close();
    }
  };
  try {
    await prepare?.(tab.page);
    await tab.page.goto(path);
    await ready?.(tab.page);
    return {
      browser,
      page: tab.page,
      api: apiClient(() => token),
      async narrowScreenshot(at, name, smallReady) {
        if (small === undefined) {
          small = await openPage(browser, narrow, token);
          await prepare?.(small.page);
        }
        const { page, errors } = small;
        try {
          await page.goto(at);
          await smallReady(page);
          await screenshot(page, name);
          expect(errors, errors.join('\n')).toEqual([]);
        } finally {
          // Blank until the next look: an idle signed-in page still polls the server load.
          await page.goto('about:blank');
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
    if (task.result?.state === 'fail') await screenshot(page(), `failed-${task.name.slice(0, 30)}`);
  };
}
