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
  openSignedIn,
  screenshot,
  sessionToken,
  wide,
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
  const browser = await connectBrowser();
  const tab = await openPage(browser, viewport);
  const close = async () => {
    try {
      expect(tab.errors, tab.errors.join('\n')).toEqual([]);
    } finally {
      await tab.close();
      await browser.close();
    }
  };
  try {
    const token = await sessionToken();
    const openAt = async (page: Page, at: string) => {
      await prepare?.(page);
      await openSignedIn(page, at, token);
    };
    await openAt(tab.page, path);
    await ready?.(tab.page);
    return {
      browser,
      page: tab.page,
      api: apiClient(() => token),
      async narrowScreenshot(at, name, smallReady) {
        const small = await openPage(browser, narrow);
        try {
          await openAt(small.page, at);
          await smallReady(small.page);
          await screenshot(small.page, name);
          expect(small.errors, small.errors.join('\n')).toEqual([]);
        } finally {
          await small.close();
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
