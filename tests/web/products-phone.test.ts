// The product list on a phone (375 px): pages of 20 compact cards, titles on up to two lines
// across the card, and the bulk actions in view however far the ticked rows scroll.
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { narrow } from '../support/browser.js';
import { seedCatalogue } from '../support/catalogue.js';
import {
  openSignedInScreen,
  screenshotOnFailure,
  type SignedInScreen,
} from '../support/signed-in-screen.js';

let signedIn: SignedInScreen;
let page: Page;

const titles = Array.from(
  { length: 30 },
  (_, index) =>
    `Pocket phone ${String(index).padStart(2, '0')} with a long name that needs two lines`,
);

beforeAll(async () => {
  signedIn = await openSignedInScreen('/', { viewport: narrow });
  page = signedIn.page;
  const seeded = await seedCatalogue(signedIn.api, 'Pocket', {
    search: 'Pocket phone',
    each: titles,
  });
  return async () => {
    try {
      await seeded.remove();
    } finally {
      await signedIn.close();
    }
  };
});
afterEach(screenshotOnFailure(() => page));

describe('the product list at 375 px', () => {
  it('pages 20 compact cards, each title across its card on up to two lines', async () => {
    await page.goto('/show/Product?q=Pocket+phone');
    await page.getByText('Showing 20 of 30 products').waitFor();
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    expect(await cards.count()).toBe(20);
    const heights = await cards.evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect().height),
    );
    expect(Math.max(...heights)).toBeLessThan(160);
    // Newest first: the last seeded leads.
    const title = page.getByRole('link', { name: titles[29] ?? '' });
    const shown = await title.evaluate((link) => ({
      width: link.getBoundingClientRect().width,
      lines: Math.round(
        link.getBoundingClientRect().height / parseFloat(getComputedStyle(link).lineHeight),
      ),
    }));
    expect(shown.width).toBeGreaterThan(200);
    expect(shown.lines).toBe(2);
    await page.getByRole('button', { name: 'Page 2' }).first().click();
    await page.getByText('Showing 10 of 30 products').waitFor();
  });

  it('keeps Delete selected in view once rows are ticked and the page scrolls', async () => {
    await page.getByRole('button', { name: 'Page 1' }).first().click();
    await page.getByText('Showing 20 of 30 products').waitFor();
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    await cards.nth(0).getByRole('checkbox').check();
    await cards.nth(1).getByRole('checkbox').check();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await cards.nth(19).getByRole('checkbox').check();
    const button = page.getByRole('button', { name: 'Delete selected (3)' });
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(narrow.height);
    // Not hidden under the top bar either: it is what the point at its middle hits.
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? '',
      { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
    );
    expect(hit).toBe('Delete selected (3)');
  });
});
