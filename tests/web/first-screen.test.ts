// The first screen on the wire: the JavaScript a cold browser fetches for the login screen and
// then for the signed-in shell (bytes as sent: the build's brotli copies), and a warm reload
// that takes the hashed assets from the browser's cache without asking the server.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, openPage, sessionToken, wide, type TestPage } from '../support/browser.js';

/** The size budget of the login screen's JavaScript on the wire, and of the shell's on top. */
const loginBudgetBytes = 150 * 1024;
const shellBudgetBytes = 60 * 1024;

interface ScriptOnWire {
  url: string;
  bytes: number;
  coding: string | undefined;
}

/** Loads `path` in the page and answers every script it fetched, as it came over the wire. */
async function scriptsOf(page: Page, path: string, ready: () => Promise<void>) {
  const scripts: Promise<ScriptOnWire>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const response = await request.response();
        const headers = (await response?.allHeaders()) ?? {};
        const { responseBodySize } = await request.sizes();
        return { url: request.url(), bytes: responseBodySize, coding: headers['content-encoding'] };
      })(),
    );
  });
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  return Promise.all(scripts);
}

const isAsset = (url: string) => new URL(url).pathname.startsWith('/assets/');
/** The performance metrics module (web/src/app/web-vitals.ts): loaded after the first screen. */
const isVitals = (url: string) => new URL(url).pathname.startsWith('/assets/web-vitals-');
/** The first screen's bytes: every script but the metrics module, which comes after it. */
const total = (scripts: ScriptOnWire[]) =>
  scripts.filter((script) => !isVitals(script.url)).reduce((sum, script) => sum + script.bytes, 0);

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the first screen on the wire', () => {
  let login: ScriptOnWire[] = [];
  beforeAll(async () => {
    const tab: TestPage = await openPage(browser, wide);
    try {
      login = await scriptsOf(tab.page, '/admin/panel/login', () =>
        tab.page.getByRole('button', { name: 'Login' }).waitFor(),
      );
    } finally {
      await tab.close();
    }
    console.info(`login screen: ${login.length} scripts, ${total(login)} bytes on the wire`);
  });

  it('sends the login screen its scripts brotli-compressed, within the budget', () => {
    const assets = login.filter((script) => isAsset(script.url));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets.filter((script) => script.bytes > 1024))
      expect(asset.coding, asset.url).toBe('br');
    expect(total(login)).toBeLessThanOrEqual(loginBudgetBytes);
  });

  it('loads the performance metrics module after the first screen, in a chunk of its own', () => {
    expect(login.filter((script) => isVitals(script.url))).toHaveLength(1);
  });

  it('sends the signed-in shell at most 60 KB more', async () => {
    const tab = await openPage(browser, wide, await sessionToken());
    try {
      const scripts = await scriptsOf(tab.page, '/', () =>
        tab.page.getByRole('heading', { name: 'Welcome back' }).waitFor(),
      );
      console.info(
        `shell and home: ${scripts.length} scripts, ${total(scripts)} bytes on the wire`,
      );
      expect(total(scripts) - total(login)).toBeLessThanOrEqual(shellBudgetBytes);
    } finally {
      await tab.close();
    }
  });

  it('takes the hashed assets from the cache on a warm reload, asking the server for none', async () => {
    const tab = await openPage(browser, wide);
    try {
      const { page } = tab;
      await page.goto('/admin/panel/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await page.waitForLoadState('networkidle');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      // From the memory cache Chromium tells requestServedFromCache, from disk fromDiskCache.
      const fromCache = new Set<string>();
      cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
      const asked: string[] = [];
      cdp.on('Network.responseReceived', ({ requestId, response }) => {
        const cached = fromCache.has(requestId) || response.fromDiskCache === true;
        if (isAsset(response.url) && !cached) asked.push(`${response.status} ${response.url}`);
      });
      await page.reload();
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(asked).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
