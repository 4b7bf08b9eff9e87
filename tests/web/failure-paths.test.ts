// What the screens say when a call fails (spec sections 8 of both parts): every fallback text
// where the spec puts it, the failures that lead to /Error, and the profile's edit, save and
// cancel. The server is made to fail for real (support/server-faults.ts): a refusal without
// words, an answer no client can read, or no answer at all.
import { endpoints, type ApiClient } from '@dealdesk/core';
import { addImageStory } from '@dealdesk/server/testing';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue, type SeededCatalogue } from '../support/catalogue.js';
import { addInHouseAd } from '../support/content.js';
import { answerCaptcha, chooseFile, pick, png, toast, typeSearch } from '../support/screens.js';
import { failCalls, healServer, type FaultKind } from '../support/server-faults.js';
import { openSignedInScreen, screenshotOnFailure } from '../support/signed-in-screen.js';

let page: Page;
let api: ApiClient;
beforeAll(async () => {
  const signedIn = await openSignedInScreen('/profile', {
    ready: (opened) => opened.getByRole('button', { name: 'Edit' }).waitFor(),
  });
  ({ page, api } = signedIn);
  const profile = (await api.admin.adminData()).data;
  return async () => {
    // The other files find the profile as they left it.
    if (profile !== undefined) await api.admin.updateProfile(profile);
    await signedIn.close();
  };
});
afterEach(screenshotOnFailure(() => page));
afterEach(healServer);

/** Makes a declared call fail as `kind` says (until the test ends). */
const fail = (call: { method: string; path: string }, kind: FaultKind) =>
  failCalls(call.method, call.path, kind);

/**
 * Loads a screen afresh. A failed save keeps its form's edits (they are the admin's), so going
 * through the router would ask "Leave without saving?" first.
 */
async function show(path: string, title: string) {
  await page.goto(path);
  await page.waitForFunction((expected) => document.title === expected, `${title} · Dealdesk`);
}

/** Waits for the error page the spec's thrown errors lead to. */
async function onErrorPage() {
  await page.getByRole('heading', { name: 'Oops! Something went wrong' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/Error');
}

describe('the profile', () => {
  it('is read-only until Edit; Cancel puts back what was there; Save keeps the change', async () => {
    await show('/profile', 'Profile');
    const city = page.getByLabel('City');
    const before = await city.inputValue();
    expect(await city.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Edit' }).click();
    await city.fill('Not kept');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await city.inputValue()).toBe(before);
    expect(await city.getAttribute('readonly')).not.toBeNull();

    await page.getByRole('button', { name: 'Edit' }).click();
    await city.fill('Mysuru');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Profile updated successfully');
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect((await api.admin.adminData()).data?.a_city).toBe('Mysuru');
  });

  it("takes the spec's 9 to 11 characters of phone, no more", async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    const phone = page.getByLabel('Phone');
    await phone.fill('98765432');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Phone number must be 9 to 11 characters').waitFor();
    // The input stops at 11 characters, as the spec's limit.
    await phone.fill('');
    await phone.pressSequentially('+91 98765 43210');
    expect(await phone.inputValue()).toBe('+91 98765 4');
    await phone.fill('98765-43210');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect((await api.admin.adminData()).data?.a_phone).toBe('98765-43210');
  });

  it('sends a save that gets no answer to /Error', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('City').fill('Hubballi');
    await fail(endpoints.admin.updateProfile, 'unanswered');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Internet Server Error');
    await onErrorPage();
  });
});

describe("part 1's fallback texts", () => {
  it("a shortcut upload the server refuses without words says 'Something went wrong!'", async () => {
    await show('/add/story', 'Shortcut stories');
    await page.getByLabel('Title', { exact: false }).first().fill('Failing shortcut');
    await page.getByLabel(/^URL/).first().fill('https://shop.example/failing');
    await chooseFile(page, page.getByLabel('Logo image'), png(), 'accepted');
    await fail(endpoints.shortcuts.add, 'wordless');
    await page.getByRole('button', { name: 'Add shortcut' }).click();
    await toast(page, 'Something went wrong!');
  });

  it("a story that cannot be added says 'An error occurred while submitting the story.'", async () => {
    await show('/add/story/video', 'Story videos and images');
    await pick(page, 'Story type', 'Image');
    await chooseFile(page, page.getByLabel('Image file'), png('story.png'), 'accepted');
    await fail(endpoints.stories.add, 'wordless');
    await page.getByRole('button', { name: 'Add story' }).click();
    await toast(page, 'An error occurred while submitting the story.');
  });

  it("a story video's status change says 'Failed to update story video'", async () => {
    const added = await addImageStory(api);
    expect(added.status, added.message).toBe(true);
    await page.reload();
    await fail(endpoints.stories.setStatus, 'wordless');
    await page
      .getByRole('switch', { name: /^Image story from/ })
      .first()
      .click({ force: true });
    await toast(page, 'Failed to update story video');
  });

  it("a story edit says 'Failed to update story.'", async () => {
    const [story] = (await api.stories.list({ page: 1, limit: 200 })).data ?? [];
    await show(`/update/story/video/${story?._id ?? ''}`, 'Edit story');
    await page.getByLabel('Story time (seconds)').fill('12');
    await fail(endpoints.stories.edit, 'wordless');
    await page.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Failed to update story.');
    await api.stories.remove({ id: [story?._id ?? ''] });
  });

  it("a controller switch says 'Failed to update', a position 'Failed to update Ads Position'", async () => {
    await show('/controller', 'Controller');
    await fail(endpoints.controller.setSwitch, 'wordless');
    await page.getByRole('switch', { name: /^Trending/ }).click({ force: true });
    await answerCaptcha(page, true);
    await toast(page, 'Failed to update');

    await fail(endpoints.controller.setPosition, 'wordless');
    await page.getByLabel('Story ad position', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Save Story ad position' }).click();
    await answerCaptcha(page, true);
    await toast(page, 'Failed to update Ads Position');
  });

  it("the Facebook settings refused without words: 'Failed to update' atop their form until a field changes", async () => {
    await show('/controller', 'Controller');
    await fail(endpoints.controller.setFacebook, 'wordless');
    const token = page.getByLabel('Facebook client token');
    await page.getByLabel('Facebook app ID').fill('1234567890');
    await token.fill('client-token');
    await page.getByRole('button', { name: 'Save Facebook settings' }).click();
    await answerCaptcha(page, true);
    const form = page.locator('form').filter({ has: token });
    await form.getByRole('alert').filter({ hasText: 'Failed to update' }).waitFor();
    await token.fill('client-token-2');
    await form.getByText('Failed to update').waitFor({ state: 'detached' });
    const toasts = page.locator('.mantine-Notifications-root');
    expect(await toasts.getByText('Failed to update').count()).toBe(0);
  });

  it("the banner upload says 'Internal Server Error' where other calls say 'Internet Server Error'", async () => {
    await show('/add/story/banner', 'Banners');
    await page.getByLabel('Banner name').fill('Failing banner');
    await chooseFile(page, page.getByLabel('Banner image'), png('banner.png'), 'accepted');
    await fail(endpoints.banners.add, 'unreadable');
    await page.getByRole('button', { name: 'Add Banner' }).click();
    await toast(page, 'Internal Server Error');
    // The banner's other calls keep the common wording.
    await fail(endpoints.banners.list, 'unreadable');
    await page.reload();
    await toast(page, 'Internet Server Error');
  });
});

describe("part 2's fallback texts", () => {
  it("policy and terms saves refused without words say 'Failed to update policy' and 'Failed to update terms'", async () => {
    await show('/site/policy', 'Privacy policy');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^Title/).fill('Privacy');
    await page.getByLabel(/^Text/).fill('Written while the server refuses');
    await fail(endpoints.policy.updatePolicy, 'wordless');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Failed to update policy');

    await show('/site/policy/terms', 'Terms & conditions');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^Title/).fill('Terms');
    await page.getByLabel(/^Text/).fill('Written while the server refuses');
    await fail(endpoints.policy.updateTerms, 'wordless');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Failed to update terms');
  });

  it("categories that cannot be loaded or saved say 'Something went wrong!'", async () => {
    await fail(endpoints.categories.list, 'wordless');
    await show('/add/Product/category', 'Categories');
    await toast(page, 'Something went wrong!');
    await healServer();

    await show('/add/Product/category', 'Categories');
    const form = page.getByRole('form', { name: 'Add Category' });
    await form.getByLabel(/^Category name/).fill('Failing category');
    await chooseFile(page, form.getByLabel('Main image'), png('failing.png'), 'accepted');
    await chooseFile(page, form.getByLabel('Background image'), png('failing-bg.png'), 'accepted');
    for (const slot of ['Main image', 'Background image'])
      await expect.poll(() => form.getByLabel(slot).getAttribute('data-check')).toBe('accepted');
    await fail(endpoints.categories.add, 'wordless');
    await form.getByRole('button', { name: 'Add Category' }).click();
    await toast(page, 'Something went wrong!');
  });
});

describe('products', () => {
  let catalogue: SeededCatalogue;
  let productId = '';
  beforeAll(async () => {
    catalogue = await seedCatalogue(api, 'Failing goods', {
      search: 'failing item',
      each: ['Failing item 1', 'Failing item 2'],
    });
    const [first] = (await api.products.list({ q: 'failing item 1', limit: 10 })).data ?? [];
    productId = first?._id ?? '';
    return () => catalogue.remove();
  });

  it("an add refused without words says 'Failed to add product'; one without an answer 'An error occurred while adding product' and goes to /Error", async () => {
    await show('/add/Product', 'Add product');
    const form = page.getByRole('form', { name: 'Add Product' });
    await form.getByLabel(/^Title/).fill('Failing item 3');
    await form.getByLabel(/^Price/).fill('100');
    await form.getByLabel(/^Original price/).fill('150');
    await form.getByLabel(/^Original URL/).fill('https://shop.example/failing-3');
    await form.getByRole('textbox', { name: /^Category/ }).click();
    await page.getByRole('option', { name: 'Failing goods', exact: true }).click();
    await form.getByRole('textbox', { name: /^Subcategory/ }).click();
    await page.getByRole('option', { name: 'Failing goods items', exact: true }).click();
    await form.getByLabel('Image URL 1', { exact: true }).fill('https://cdn.example/failing-3.jpg');
    await fail(endpoints.products.create, 'wordless');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'Failed to add product');

    await healServer();
    await fail(endpoints.products.create, 'unanswered');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'An error occurred while adding product');
    await onErrorPage();
  });

  it("a scrape refused without words says 'Failed to scrape data'", async () => {
    await show('/add/Product', 'Add product');
    await page.getByLabel('Product page URL').fill('https://shop.example/failing-page');
    await fail(endpoints.products.scrape, 'wordless');
    await page.getByRole('button', { name: 'Scrape' }).click();
    await toast(page, 'Failed to scrape data');
  });

  it("a product that cannot be read says 'Failed to fetch product data', one not saved 'Failed to update product'", async () => {
    await fail(endpoints.products.get, 'wordless');
    await show(`/show/product/product-details/${productId}`, 'Product details');
    await toast(page, 'Failed to fetch product data');
    await healServer();

    await show(`/show/product/product-details/${productId}`, 'Product details');
    await page.getByRole('button', { name: 'Edit Product' }).click();
    const edit = page.getByRole('form', { name: 'Edit Product' });
    await edit.getByLabel(/^Price/).fill('120');
    await fail(endpoints.products.update, 'wordless');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Failed to update product');
  });

  it("an event update refused without words says 'Failed to update events'; one without an answer 'An error occurred while updating events'", async () => {
    await show('/show/Prodcut/event', 'Products by event');
    await typeSearch(page.getByLabel('Search'), 'failing item 1');
    await page.getByText('Showing 1 of 1 products').waitFor();
    await page.getByRole('group', { name: 'Assign an event' }).getByRole('textbox').click();
    await page.getByRole('option', { name: 'Now Launch', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select Failing item 1' }).check();
    await fail(endpoints.products.updateEvents, 'wordless');
    await page.getByRole('button', { name: 'Update event' }).click();
    await toast(page, 'Failed to update events');

    await healServer();
    await fail(endpoints.products.updateEvents, 'unanswered');
    await page.getByRole('button', { name: 'Update event' }).click();
    await toast(page, 'An error occurred while updating events');
    await onErrorPage();
  });

  it('a delete that fails goes to /Error, even one the server refuses with words', async () => {
    await show('/show/Product', 'Products');
    await typeSearch(page.getByLabel('Search products'), 'failing item 2');
    await page.getByText('Showing 1 of 1 products').waitFor();
    await page.getByRole('checkbox', { name: 'Select Failing item 2' }).check();
    await fail(endpoints.products.remove, 'wordless');
    await page.getByRole('button', { name: 'Delete selected (1)' }).click();
    await answerCaptcha(page, true);
    await onErrorPage();
    expect((await api.products.list({ q: 'failing item 2', limit: 10 })).data).toHaveLength(1);
  });
});

describe('in-house ads', () => {
  const form = () => page.getByRole('form', { name: 'Create In House Ad' });

  it('a list that gets no answer goes to /Error', async () => {
    await fail(endpoints.inHouseAds.list, 'unanswered');
    await show('/manage/ads/inHouseAds/add', 'In-house ads');
    await onErrorPage();
  });

  it("an upload that gets no answer says 'not upload !' and goes to /Error", async () => {
    await show('/manage/ads/inHouseAds/add', 'In-house ads');
    await form()
      .getByLabel(/^Title/)
      .fill('Failing offer');
    await form()
      .getByLabel(/^Subtitle/)
      .fill('Never saved');
    await form()
      .getByLabel(/^Details/)
      .fill('The server is away.');
    await form().getByLabel(/^CTA/).fill('https://deals.example/failing');
    await chooseFile(page, form().getByLabel('Icon'), png('icon.png'), 'accepted');
    await chooseFile(page, form().getByLabel('Media image'), png('media.png'), 'accepted');
    await expect
      .poll(() => form().getByLabel('Media image').getAttribute('data-check'))
      .toBe('accepted');
    await fail(endpoints.inHouseAds.create, 'unanswered');
    await form().getByRole('button', { name: 'Create ad' }).click();
    await toast(page, 'not upload !');
    await onErrorPage();
  });

  it("a delete refused without words says 'Failed to delete In House ads'; a status change without an answer goes to /Error", async () => {
    await addInHouseAd(api, {
      mainTitle: 'Failing ad',
      subTitle: 'Kept',
      description: 'An ad the failures leave in place',
      ad_type: 'NTV',
    });
    await show('/manage/ads/inHouseAds/add', 'In-house ads');
    await page.getByRole('checkbox', { name: 'Select every row on this page' }).check();
    await fail(endpoints.inHouseAds.remove, 'wordless');
    await page.getByRole('button', { name: /^Delete selected/ }).click();
    await answerCaptcha(page, true);
    await toast(page, 'Failed to delete In House ads');

    await fail(endpoints.inHouseAds.setStatus, 'unanswered');
    await page.getByRole('switch', { name: 'Failing ad status' }).click({ force: true });
    await onErrorPage();
    await healServer();
    const ads = (await api.inHouseAds.list({ page: 1, limit: 100 })).data ?? [];
    await api.inHouseAds.remove({ id: ads.map((ad) => ad._id) });
  });
});
