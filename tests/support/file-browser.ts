// One connection to the shared Chromium for a test file: opened before its tests, closed after.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { connectBrowser, openPage, type TestPage, type Viewport } from './browser.js';

interface FileBrowser {
  /**
   * A page of its own (signed in with `token`, if given; in the browser time zone `timezoneId`,
   * if given); its test closes it.
   */
  open(viewport: Viewport, token?: string, timezoneId?: string): Promise<TestPage>;
  /**
   * Inside a describe: one page for its tests, opened before them (signed in with what `token`
   * answers) and closed after them, having logged no errors. Answers a getter of the page.
   */
  suitePage(viewport: Viewport, token?: () => Promise<string>): () => Page;
}

/** Call at a file's top level. */
export function fileBrowser(): FileBrowser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const open = (viewport: Viewport, token?: string, timezoneId?: string) => {
    if (browser === undefined) throw new Error('open a page inside a hook or a test');
    return openPage(browser, viewport, token, timezoneId);
  };
  return {
    open,
    suitePage(viewport, token) {
      let tab: TestPage | undefined;
      beforeAll(async () => {
        tab = await open(viewport, await token?.());
      });
      afterAll(async () => {
        if (tab === undefined) return;
        try {
          expect(tab.errors, tab.errors.join('\n')).toEqual([]);
        } finally {
          await tab.close();
        }
      });
      return () => {
        if (tab === undefined) throw new Error('the page opens before the tests');
        return tab.page;
      };
    },
  };
}
