// Nothing lost or doubled by accident: a selection only holds rows on screen, a double click
// creates one item, values out of range are refused on their field instead of rewritten, and
// Add Product starts at the spec's default event. Screens are opened through the app's router
// (a full load costs Chromium a second of CPU); page loads stay where a test is about a load or
// where the screen before holds unsaved changes (a load is how the tab leaves them).
import type { ApiClient } from '@dealdesk/core';
import type { Page, Request } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openInApp } from '../support/browser.js';
import { pngUpload, seedCatalogue } from '../support/catalogue.js';
import { chooseFile, png as pngFile, toast, typeSearch } from '../support/screens.js';
import {
  openSignedInScreen,
  screenshotOnFailure,
  type SignedInScreen,
} from '../support/signed-in-screen.js';

let signedIn: SignedInScreen;
let page: Page;
let api: ApiClient;
let category = '';

const titled = async (q: string) =>
  ((await api.products.list({ q, limit: 1000 })).data ?? []).map((product) => product.title);

beforeAll(async () => {
  signedIn = await openSignedInScreen('/add/Product', { pageClock: true });
  ({ page, api } = signedIn);
  const seeded = await seedCatalogue(api, 'Safety', {
    search: 'Bulk Test Item',
    each: ['07', '08'].flatMap((group) =>
      Array.from({ length: 10 }, (_, item) => `Bulk Test Item ${group} ${String(item)}`),
    ),
  });
  ({ category } = seeded);
  // The browser files share one server: leave it as found for the next file.
  return async () => {
    try {
      await seeded.remove();
      const webAds = await api.webAds.list({ startDate: '2020-01-01', endDate: '2099-12-31' });
      for (const ad of webAds.data ?? [])
        if (ad.a_name === 'TypedWordAd') await api.webAds.remove({ id: ad._id });
    } finally {
      await signedIn.close();
    }
  };
});
afterEach(screenshotOnFailure(() => page));

describe('selections', () => {
  const search = () => page.getByRole('searchbox', { name: 'Search products' });
  const selectAll = () => page.getByRole('checkbox', { name: 'Select every row on this page' });

  it('forget rows hidden by a new search: nothing unseen can be deleted', async () => {
    await openInApp(page, '/show/Product', 'Products');
    await typeSearch(search(), 'Bulk Test Item 08');
    await page.getByText('Bulk Test Item 07 9').waitFor({ state: 'detached' });
    await selectAll().check();
    await page.getByRole('button', { name: 'Delete selected (10)' }).waitFor();
    await typeSearch(search(), 'Bulk Test Item 07');
    await page.getByText('Bulk Test Item 08 9').waitFor({ state: 'detached' });
    const button = page.getByRole('button', { name: 'Delete selected', exact: true });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(await selectAll().isChecked()).toBe(false);
    // Back to the first search: its rows were not kept checked behind the admin's back.
    await typeSearch(search(), 'Bulk Test Item 08');
    await page.getByText('Bulk Test Item 07 9').waitFor({ state: 'detached' });
    expect(await selectAll().isChecked()).toBe(false);
    expect(await titled('Bulk Test Item')).toHaveLength(20);
  });

  it('keep the search in the address: Back from a product returns to the same list', async () => {
    // The whole list first (both groups shown: the address has caught up with the emptied box,
    // and would not empty it again), then the search typed, and the address waited for as long
    // as a busy machine needs.
    await typeSearch(search(), '');
    await page.getByRole('link', { name: 'Bulk Test Item 08 9' }).waitFor();
    await page.getByRole('link', { name: 'Bulk Test Item 07 3' }).waitFor();
    await typeSearch(search(), 'Bulk Test Item 07');
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/[?&]q=Bulk\+Test\+Item\+07/);
    // Clicked at once, before the list shows its new rows: the address is kept all the same.
    await page.getByRole('link', { name: 'Bulk Test Item 07 3' }).click();
    await expect.poll(() => page.url()).toContain('/show/product/product-details/');
    await page.getByRole('link', { name: 'Back to products' }).click();
    await expect.poll(() => page.url()).toMatch(/\/show\/Product\?q=Bulk\+Test\+Item\+07$/);
    expect(await search().inputValue()).toBe('Bulk Test Item 07');
    await page.getByText('Bulk Test Item 07 9').waitFor();
    expect(await page.getByText('Bulk Test Item 08 9').count()).toBe(0);
    // The browser's own Back does the same, and a reload keeps it.
    await page.getByRole('link', { name: 'Bulk Test Item 07 3' }).click();
    await page.goBack();
    await page.reload();
    expect(await search().inputValue()).toBe('Bulk Test Item 07');
  });

  it('sorts by a column header, kept in the address with Back and reload', async () => {
    // The last test left the list at /show/Product?q=Bulk+Test+Item+07, just loaded.
    const table = page.getByRole('table', { name: 'Products' });
    const firstTitle = () => table.getByRole('row').nth(1).getByRole('link').first().textContent();
    await expect.poll(firstTitle).toBe('Bulk Test Item 07 9');
    await table.getByRole('button', { name: 'Sort by Product' }).click();
    await expect.poll(() => page.url()).toMatch(/[?&]sort=title&order=asc/);
    await expect.poll(firstTitle).toBe('Bulk Test Item 07 0');
    const head = table.getByRole('columnheader', { name: /Product/ });
    expect(await head.getAttribute('aria-sort')).toBe('ascending');
    // The same header again turns the order round.
    await table.getByRole('button', { name: 'Sort by Product' }).click();
    await expect.poll(() => page.url()).toMatch(/[?&]order=desc/);
    await expect.poll(firstTitle).toBe('Bulk Test Item 07 9');
    expect(await head.getAttribute('aria-sort')).toBe('descending');
    await page.goBack();
    await expect.poll(firstTitle).toBe('Bulk Test Item 07 0');
    // Back taken at once on a slow machine, before the router has shown the order turned round:
    // the list follows the address Back returns to (it stayed Z to A before).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    try {
      await table.getByRole('button', { name: 'Sort by Product' }).click();
      await expect.poll(() => page.url()).toMatch(/[?&]order=desc/);
      await page.goBack();
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    await expect.poll(() => page.url()).toMatch(/[?&]order=asc/);
    await expect.poll(firstTitle).toBe('Bulk Test Item 07 0');
    expect(await head.getAttribute('aria-sort')).toBe('ascending');
    await page.reload();
    await expect.poll(firstTitle).toBe('Bulk Test Item 07 0');
    expect(await search().inputValue()).toBe('Bulk Test Item 07');
  });

  it('forget rows hidden by another event on the event screen', async () => {
    await openInApp(page, '/show/Prodcut/event', 'Products by event');
    const eventSearch = page.getByRole('searchbox', { name: /Search/ });
    await typeSearch(eventSearch, 'Bulk Test Item 08');
    await page.getByText('Bulk Test Item 07 9').waitFor({ state: 'detached' });
    await selectAll().check();
    await page.getByText('Event for the 10 checked products').waitFor();
    await typeSearch(eventSearch, 'Bulk Test Item 07');
    await page.getByText('Bulk Test Item 08 9').waitFor({ state: 'detached' });
    await page.getByText('Event for the 0 checked products').waitFor();
  });
});

describe('forms', () => {
  const form = () => page.getByRole('form', { name: 'Add Product' });

  it('starts Add Product at the default event, None', async () => {
    await openInApp(page, '/add/Product', 'Add product');
    expect(
      await form()
        .getByRole('textbox', { name: /^Event/ })
        .inputValue(),
    ).toBe('None');
  });

  it('refuses an original price under the price on its field, keeping what was typed', async () => {
    await form()
      .getByLabel(/^Price/)
      .fill('499');
    const original = form().getByLabel(/^Original price/);
    await original.fill('299');
    await original.blur();
    expect(await original.inputValue()).toBe('299');
    await form().getByRole('button', { name: 'Add Product' }).click();
    await form().getByText('Original price', { exact: false }).first().waitFor();
    expect(await original.getAttribute('aria-invalid')).toBe('true');
    expect(await original.inputValue()).toBe('299');
  });

  it('refuses a negative story time on its field instead of saving 0 s', async () => {
    await page.goto('/add/story/video');
    // A video plays for its own length: the time is for an image story.
    await page.getByText('Image', { exact: true }).first().click();
    const time = page.getByLabel(/^Story time/);
    await time.fill('-3');
    await time.blur();
    expect(await time.inputValue()).toBe('-3');
    await page.getByRole('button', { name: 'Add story', exact: true }).click();
    await page.getByText('Story time must be 0 or more').waitFor();
  });

  it('creates one ad unit for a double click on Submit', async () => {
    await page.goto('/site/manage/ads/openAds/add');
    await page.getByRole('button', { name: '+ Add Open Ads' }).click();
    const add = page.getByRole('form', { name: 'Add Open Ads' });
    await add.getByLabel(/^Ad Name/).fill('DoubleClickUnit');
    await add.getByLabel(/^Ad ID/).fill('ca-app-pub-1/double');
    await add.getByLabel(/^Description/).fill('Clicked twice');
    // Every change the clicks send, answered: after that the count is final.
    const answers: Promise<unknown>[] = [];
    const onRequest = (request: Request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/'))
        answers.push(request.response());
    };
    page.on('request', onRequest);
    try {
      await add.getByRole('button', { name: 'Submit' }).dblclick();
      await page.getByText('Ad added successfully').first().waitFor();
    } finally {
      page.off('request', onRequest);
    }
    await Promise.all(answers);
    const units = (await api.adUnits.list({ type: 'open' })).data ?? [];
    expect(units.filter((unit) => unit.a_name === 'DoubleClickUnit')).toHaveLength(1);
  });
});

describe('unsaved changes', () => {
  const dialog = () => page.getByRole('dialog', { name: 'Leave without saving?' });

  it('asks before a tab switch throws away an edit of the policy; Stay keeps it', async () => {
    await openInApp(page, '/site/policy', 'Privacy policy');
    await page.getByRole('button', { name: 'Edit' }).click();
    const text = page.getByLabel(/^Text/);
    await text.fill('A policy being written');
    await page.getByText('Terms & Conditions', { exact: true }).click();
    await dialog().waitFor();
    await dialog().getByRole('button', { name: 'Stay' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/site\/policy$/);
    expect(await text.inputValue()).toBe('A policy being written');
    // Reloading or closing the tab asks too (the browser's own prompt).
    const prevented = await page.evaluate(() => {
      const unload = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(unload);
      return unload.defaultPrevented;
    });
    expect(prevented).toBe(true);
    // Any other in-app way out asks the same; Leave goes.
    await page.getByRole('link', { name: 'Controller' }).click();
    await dialog().getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL('**/controller');
  });

  it('lets a form without changes go without asking', async () => {
    await openInApp(page, '/site/policy', 'Privacy policy');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Terms & Conditions', { exact: true }).click();
    await page.waitForURL('**/site/policy/terms');
    expect(await dialog().count()).toBe(0);
  });
});

describe('drafts', () => {
  const kept = () => page.getByRole('status').filter({ hasText: 'Unsaved changes were kept' });
  const leaveAnyway = () => {
    page.once('dialog', (prompt) => void prompt.accept());
  };

  it('keeps a policy edit whose tab is sent away and offers it back; Cancel spends it', async () => {
    await openInApp(page, '/site/policy', 'Privacy policy');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^Text/).fill('Half a policy, then the tab went away');
    // The developer-tools guard sends the tab elsewhere: the browser asks, the admin leaves.
    leaveAnyway();
    await page.goto('about:blank');
    await page.goto('/site/policy');
    await kept().waitFor();
    await kept().getByRole('button', { name: 'Restore them' }).click();
    expect(await page.getByLabel(/^Text/).inputValue()).toBe(
      'Half a policy, then the tab went away',
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await kept().count()).toBe(0);
  });

  it('reopens a product edit with its kept draft; leaving on purpose spends it', async () => {
    const product = (await api.products.list({ q: 'Bulk Test Item 07 1', limit: 1 })).data?.[0];
    await openInApp(page, `/show/product/product-details/${product?._id ?? ''}`, 'Product details');
    await page.getByRole('button', { name: 'Edit Product' }).click();
    const title = page.getByRole('form', { name: 'Edit Product' }).getByLabel(/^Title/);
    await title.fill('Renamed but not saved');
    leaveAnyway();
    await page.reload();
    await kept().waitFor();
    await kept().getByRole('button', { name: 'Restore them' }).click();
    expect(await title.inputValue()).toBe('Renamed but not saved');
    // Restored changes are guarded like typed ones.
    await page.getByRole('link', { name: 'Back to products' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => page.url()).toMatch(/\/show\/Product(\?|$)/);
    await page.getByText(/^Showing \d+ of/).waitFor();
    // Left on purpose: the draft is spent, and the product opens as it is saved.
    await openInApp(page, `/show/product/product-details/${product?._id ?? ''}`, 'Product details');
    await page.getByRole('button', { name: 'Edit Product' }).waitFor();
    expect(await kept().count()).toBe(0);
  });

  it('guards the other forms too: a half-written notification asks before leaving', async () => {
    await openInApp(page, '/site/notification', 'Notifications');
    await page.getByLabel(/^Title/).fill('Half a notification');
    await page.getByRole('link', { name: 'Controller' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByLabel(/^Title/).inputValue()).toBe('Half a notification');
    // Kept over a reload; Discard throws the draft away for good.
    leaveAnyway();
    await page.reload();
    await kept().getByRole('button', { name: 'Discard' }).click();
    expect(await kept().count()).toBe(0);
    expect(await page.getByLabel(/^Title/).inputValue()).toBe('');
    await page.reload();
    await page.getByLabel(/^Title/).waitFor();
    expect(await kept().count()).toBe(0);
    await page.getByRole('link', { name: 'Controller' }).click();
    await page.waitForURL('**/controller');
  });

  it('leaves a clean form after a save: no old messages, no stale check mark', async () => {
    await openInApp(page, '/add/story', 'Shortcut stories');
    await page.getByRole('button', { name: 'Add shortcut' }).click();
    await page.getByText('Enter a title').waitFor();
    await page.getByLabel('Title', { exact: false }).first().fill('CleanAfterSave');
    await page.getByLabel(/^URL/).first().fill('https://clean.example');
    await chooseFile(page, page.getByLabel('Logo image'), pngFile(), 'accepted');
    await page.getByRole('button', { name: 'Add shortcut' }).click();
    await toast(page, /added/i);
    const form = page.locator('form').first();
    await expect.poll(() => form.locator('[data-check="accepted"]').count()).toBe(0);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await page.getByLabel('Title', { exact: false }).first().inputValue()).toBe('');
    // Clean means nothing to guard: leaving does not ask.
    await page.getByRole('link', { name: 'Controller' }).click();
    await page.waitForURL('**/controller');
    const shortcuts = await api.shortcuts.list({ page: 1, limit: 100, q: 'CleanAfterSave' });
    const ids = (shortcuts.data ?? []).map((shortcut) => shortcut._id);
    if (ids.length > 0) await api.shortcuts.remove({ id: ids });
  });
});

describe('orientation and failures', () => {
  it('links the home page to every area', async () => {
    await openInApp(page, '/', 'Home');
    const main = page.getByRole('main');
    for (const area of [
      'Story Manager',
      'Products',
      'Categories',
      'Products by event',
      'Ads Manager',
      'In-house ads',
      'Analytics',
      'Notifications',
      'Policy',
      'Controller',
      'Profile',
    ])
      await main
        .getByRole('link', { name: new RegExp(`^${area}`) })
        .first()
        .waitFor();
  });

  it('brings the first invalid field into view and focus after a refused save', async () => {
    await openInApp(page, '/add/Product', 'Add product');
    await page
      .getByRole('form', { name: 'Add Product' })
      .getByRole('button', { name: 'Add Product' })
      .click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).id)).toBe(
      await page.getByLabel(/^Title/).getAttribute('id'),
    );
  });

  it('shows a refusal only the server can make on its field, not only in a toast', async () => {
    await api.subcategories.add({
      name: 'Vanishing',
      categoryId: category,
      image: pngUpload('v.png'),
    });
    const vanishing = (await api.subcategories.list()).data?.find((s) => s.name === 'Vanishing');
    const product = (await api.products.list({ q: 'Bulk Test Item 08 2', limit: 1 })).data?.[0];
    await openInApp(page, `/show/product/product-details/${product?._id ?? ''}`, 'Product details');
    await page.getByRole('button', { name: 'Edit Product' }).click();
    const edit = page.getByRole('form', { name: 'Edit Product' });
    await edit.getByRole('textbox', { name: /^Subcategory/ }).click();
    await page.getByRole('option', { name: 'Vanishing', exact: true }).click();
    // Another administrator deletes it before this one saves.
    await api.subcategories.remove({ id: vanishing?._id ?? '' });
    await edit.getByRole('button', { name: 'Save' }).click();
    const field = edit.getByRole('textbox', { name: /^Subcategory/ });
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await edit.getByText('Subcategory not found').waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  it('sends a save that cannot reach the server to /Error, keeping the edit to go back to', async () => {
    await openInApp(page, '/site/policy', 'Privacy policy');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^Title/).fill('Privacy');
    await page.getByLabel(/^Text/).fill('Written while the server was away');
    // Every change fails to connect; reads still work.
    await page.route('**/api/**', (route) =>
      route.request().method() === 'GET' ? route.continue() : route.abort('connectionrefused'),
    );
    try {
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: 'Oops! Something went wrong' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/Error');
    } finally {
      await page.unroute('**/api/**');
    }
    await page.getByRole('button', { name: 'Go back' }).click();
    const kept = page.getByRole('status').filter({ hasText: 'Unsaved changes were kept' });
    await kept.getByRole('button', { name: 'Restore them' }).click();
    expect(await page.getByLabel(/^Text/).inputValue()).toBe('Written while the server was away');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('fits the category and subcategory tables in their halves at 1280 px: nothing scrolls sideways', async () => {
    await openInApp(page, '/add/Product/category', 'Categories');
    for (const name of ['Categories', 'Subcategories']) {
      const table = page.getByRole('table', { name, exact: true });
      await table.getByRole('row').nth(1).waitFor();
      const overflow = await table.evaluate((element) => {
        const viewport = element.closest('.mantine-ScrollArea-viewport') ?? element;
        return viewport.scrollWidth - viewport.clientWidth;
      });
      expect(overflow, name).toBeLessThanOrEqual(1);
    }
  });

  it('shows a failed list with Retry instead of a skeleton forever', async () => {
    await page.route('**/api/App/product?**', (route) => route.abort());
    await page.goto('/show/Product');
    const failure = page.getByRole('alert').filter({ hasText: 'Could not load products' });
    await failure.waitFor();
    await page.unroute('**/api/App/product?**');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Bulk Test Item 08 9').waitFor();
  });

  it('says the server cannot be reached on a reload, keeps the session, and tries again', async () => {
    await page.route('**/api/admin/Authorization', (route) => route.abort());
    await page.goto('/show/Product');
    await page.getByRole('heading', { name: 'The server cannot be reached' }).waitFor();
    expect(await page.getByText('Please log in').count()).toBe(0);
    await page.unroute('**/api/admin/Authorization');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).waitFor();
  });

  it('offers a reload when a screen’s code cannot be loaded (a deploy happened)', async () => {
    await page.route(/\/assets\/ProfilePage-[\w-]+\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('heading', { name: 'This screen could not be loaded' }).waitFor();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'This screen could not be loaded' }).waitFor({
      state: 'detached',
    });
    await expect.poll(() => page.title()).toBe('Profile · Dealdesk');
    await page.getByRole('button', { name: /Edit/ }).first().waitFor();
  });
});

describe('the riskiest actions', () => {
  it('clear analytics only with the sum and the word admin typed', async () => {
    const added = await api.webAds.add({
      a_name: 'TypedWordAd',
      a_id: 'https://deals.example/typed',
      a_description: 'Listed in analytics',
    });
    expect(added.status, added.message).toBe(true);
    await openInApp(page, '/site/manage/analytics', 'Analytics');
    await page.getByRole('button', { name: /Clear/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Clear the analytics data?' });
    const question = await dialog.getByText(/^What is \d+ \+ \d+\?/).textContent();
    const [left = 0, right = 0] = (question?.match(/\d+/g) ?? []).map(Number);
    await dialog.getByRole('textbox', { name: /What is/ }).fill(String(left + right));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The right sum alone is not enough here.
    await dialog.getByText('Type admin to confirm').last().waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel(/^Type admin to confirm/).fill(' ADMIN ');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
