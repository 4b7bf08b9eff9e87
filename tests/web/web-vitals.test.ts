// The performance metrics module: once a screen is shown, web-vitals is loaded lazily and the
// screen's LCP and CLS (INP too, when it had an interaction) reach the server by beacon when the page is left, counted in
// /metrics under the screen's route pattern (ids left out).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, e2e, openPage, sessionToken, wide } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The number of observations of `metric` for `screen` in /metrics. */
async function observed(metric: string, screen: string): Promise<number> {
  const text = await (await fetch(`${e2e().baseUrl}/metrics`)).text();
  const line = `dealdesk_web_vitals_count{metric="${metric}",screen="${screen}"} `;
  const found = text.split('\n').find((row) => row.startsWith(line));
  return found === undefined ? 0 : Number(found.slice(line.length));
}

describe('web vitals', () => {
  it('counts the vitals of each screen visited under its route pattern', async () => {
    const screens = [
      { path: '/', pattern: '/', title: 'Home' },
      { path: '/show/Product', pattern: '/show/Product', title: 'Products' },
      {
        path: '/show/product/product-details/0123456789abcdef01234567',
        pattern: '/show/product/product-details/:id',
        title: 'Product details',
      },
    ];
    const before = await Promise.all(
      screens.map(async ({ pattern }) => ({
        lcp: await observed('LCP', pattern),
        cls: await observed('CLS', pattern),
      })),
    );
    const tab = await openPage(browser, wide, await sessionToken());
    try {
      const { page } = tab;
      for (const { path, title } of screens) {
        await page.goto(path);
        await expect.poll(() => page.title()).toBe(`${title} · Dealdesk`);
        // The metrics module comes once the screen is shown and the browser is idle.
        await page.waitForLoadState('networkidle');
      }
      // Leaving the last screen sends its beacons too.
      await page.goto('about:blank');
    } finally {
      await tab.close();
    }
    for (const [index, { pattern }] of screens.entries()) {
      await expect
        .poll(() => observed('LCP', pattern), { message: `LCP of ${pattern}` })
        .toBeGreaterThan(before[index]?.lcp ?? 0);
      await expect
        .poll(() => observed('CLS', pattern), { message: `CLS of ${pattern}` })
        .toBeGreaterThan(before[index]?.cls ?? 0);
    }
    expect(await observed('LCP', '/show/product/product-details/0123456789abcdef01234567')).toBe(0);
  });
});
