// Every action acts once: the screens walked with a double click on each submit and action
// button (creates, saves, sends, a delete's confirmation, scrape, update event, invite, token,
// the policy texts, the story section's creates, a push, a controller change), counting the
// writes that reach the server. The second click of a double click reaches the page before the
// button re-renders busy, so each screen's call must refuse to start twice.
import type { ApiClient, Policy, Terms } from '@dealdesk/core';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Locator, Page, Request } from 'playwright-core';
import { startShop, type Shop } from '@dealdesk/server/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { e2e } from '../support/browser.js';
import { seedCatalogue, type SeededCatalogue } from '../support/catalogue.js';
import { chooseFile, fillCaptcha, pick, png, toast } from '../support/screens.js';
import {
  openSignedInScreen,
  screenshotOnFailure,
  type SignedInScreen,
} from '../support/signed-in-screen.js';

let signedIn: SignedInScreen;
let page: Page;
let api: ApiClient;
let shop: Shop;
let catalogue: SeededCatalogue;
const invitedEmail = 'once.invited@example.test';
const webAdName = 'OnceWebAd';
const inHouseTitle = 'Once in-house ad';
const shortcutTitle = 'Once shortcut';
const storyButton = 'Once story';
const bannerName = 'Once banner';
const notificationTitle = 'Once notification';
/** What the file changes of the shared settings, as found, to put back. */
let found: { policy: Policy; terms: Terms; storyAdsPosition: number };

/**
 * Puts the legal texts back as found: saved again, or, when none was ever saved (other files
 * start from that), its row taken out of the server's database, as no call can empty a text.
 */
async function restoreLegalTexts(): Promise<void> {
  const { policy, terms } = found;
  if (policy.policy_title !== '') await api.policy.updatePolicy(policy);
  if (terms.terms_title !== '') await api.policy.updateTerms(terms);
  const neverSaved = [
    ...(policy.policy_title === '' ? ['policy'] : []),
    ...(terms.terms_title === '' ? ['terms'] : []),
  ];
  if (neverSaved.length === 0) return;
  const database = new DatabaseSync(join(e2e().dataDir, 'dealdesk.sqlite'), { timeout: 5000 });
  try {
    const remove = database.prepare('DELETE FROM policy_texts WHERE kind = ?');
    for (const kind of neverSaved) remove.run(kind);
  } finally {
    database.close();
  }
}

/** Removes the rows `list` answers whose `name` is the file's. */
async function removeOwn<Row extends { _id: string }>(
  list: Promise<{ data?: Row[] | undefined }>,
  own: (row: Row) => boolean,
  remove: (input: { id: string[] }) => Promise<unknown>,
): Promise<void> {
  const ids = ((await list).data ?? []).filter(own).map((row) => row._id);
  if (ids.length > 0) await remove({ id: ids });
}

beforeAll(async () => {
  shop = await startShop();
  signedIn = await openSignedInScreen('/add/Product', { pageClock: true });
  ({ page, api } = signedIn);
  catalogue = await seedCatalogue(api, 'Once', {
    search: 'Once item',
    each: ['Once item 1', 'Once item 2'],
  });
  const [policy, terms, controller] = await Promise.all([
    api.policy.getPolicy(),
    api.policy.getTerms(),
    api.controller.get(),
  ]);
  if (policy.data === undefined || terms.data === undefined || controller.data === undefined)
    throw new Error('the settings to put back could not be read');
  found = {
    policy: policy.data,
    terms: terms.data,
    storyAdsPosition: controller.data.storyAdsPosition,
  };
  // The browser files share one server: leave it as found for the next file.
  return async () => {
    try {
      await catalogue.remove();
      await shop.close();
      const category = (await api.categories.list()).data?.find((row) => row.name === 'Once more');
      if (category !== undefined) await api.categories.remove({ id: category._id });
      const { invitations = [] } = await api.admin.listAdministrators();
      for (const invitation of invitations.filter((row) => row.email === invitedEmail))
        await api.admin.cancelInvitation({ id: invitation._id });
      const webAds = await api.webAds.list({ startDate: '2020-01-01', endDate: '2099-12-31' });
      for (const ad of webAds.data ?? [])
        if (ad.a_name === webAdName) await api.webAds.remove({ id: ad._id });
      const inHouse = (await api.inHouseAds.list({ page: 1 })).data ?? [];
      const ownAds = inHouse.filter((ad) => ad.mainTitle === inHouseTitle).map((ad) => ad._id);
      if (ownAds.length > 0) await api.inHouseAds.remove({ id: ownAds });
      for (const token of (await api.admin.listTokens()).data ?? [])
        if (token.name === 'once script') await api.admin.revokeToken({ id: token._id });
      await restoreLegalTexts();
      await removeOwn(
        api.shortcuts.list(),
        (row) => row.name === shortcutTitle,
        api.shortcuts.remove,
      );
      await removeOwn(
        api.stories.list({ page: 1, limit: 200 }),
        (row) => row.btnName === storyButton,
        api.stories.remove,
      );
      await removeOwn(api.banners.list(), (row) => row.name === bannerName, api.banners.remove);
      await removeOwn(
        api.notifications.history({ page: 1 }),
        (row) => row.n_title === notificationTitle,
        api.notifications.remove,
      );
      const position = (await api.controller.get()).data?.storyAdsPosition;
      if (position !== found.storyAdsPosition)
        await api.controller.setPosition({
          name: 'storyAdsPosition',
          value: found.storyAdsPosition,
        });
    } finally {
      await signedIn.close();
    }
  };
});
afterEach(screenshotOnFailure(() => page));

/**
 * Double-clicks `button`, waits for the success toast, then answers the writes (method and API
 * path) the page sent meanwhile, each once answered: after that the count is final.
 */
async function writesOfDoubleClick(button: Locator, success: string | RegExp): Promise<string[]> {
  const sent: Request[] = [];
  const onRequest = (request: Request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/'))
      sent.push(request);
  };
  page.on('request', onRequest);
  try {
    await button.dblclick();
    await toast(page, success);
  } finally {
    page.off('request', onRequest);
  }
  await Promise.all(sent.map((request) => request.response()));
  return sent.map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
}

/**
 * Loads a screen: a load, not the router, so a screen a failed step left with unsaved changes
 * (its double click refused) does not hold the next test back.
 */
async function openScreen(path: string, title: string) {
  await page.goto(path);
  await page.waitForFunction((expected) => document.title === expected, `${title} · Dealdesk`);
}

/** Opens a Mantine select by its label and picks an option. */
async function choose(scope: Page | Locator, label: string | RegExp, option: string) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the catalogue', () => {
  it('scrapes once and adds the product once', async () => {
    await page.getByLabel('Product page URL').fill(shop.url('/generic/json-ld.html'));
    expect(
      await writesOfDoubleClick(
        page.getByRole('button', { name: 'Scrape' }),
        'Data scraped successfully',
      ),
    ).toEqual(['POST /api/App/product/scraping']);
    const form = page.getByRole('form', { name: 'Add Product' });
    // Named within the seeded search, so the file's clean-up removes it too.
    await form.getByLabel(/^Title/).fill('Once item scraped');
    await choose(form, /^Category/, 'Once');
    await choose(form, /^Subcategory/, 'Once items');
    expect(
      await writesOfDoubleClick(
        form.getByRole('button', { name: 'Add Product' }),
        'Product added successfully',
      ),
    ).toEqual(['POST /api/App/product']);
  });

  it('updates the event of the checked products once', async () => {
    await openScreen('/show/Prodcut/event', 'Products by event');
    await page.getByRole('checkbox', { name: 'Select Once item 1' }).check();
    await choose(page.getByRole('group', { name: 'Assign an event' }), /^Event for/, 'Trending');
    expect(
      await writesOfDoubleClick(
        page.getByRole('button', { name: 'Update event' }),
        'Events updated successfully',
      ),
    ).toEqual(['PUT /api/App/product/update/events']);
  });

  it('adds a category once', async () => {
    await openScreen('/add/Product/category', 'Categories');
    const form = page.getByRole('form', { name: 'Add Category' });
    await form.getByLabel(/^Category name/).fill('Once more');
    await chooseFile(page, form.getByLabel('Main image'), png('once.png'), 'accepted');
    await chooseFile(page, form.getByLabel('Background image'), png('once-bg.png'), 'accepted');
    expect(
      await writesOfDoubleClick(
        form.getByRole('button', { name: 'Add Category' }),
        'Category added',
      ),
    ).toEqual(['POST /api/App/product/category']);
  });
});

describe('administrators and tokens', () => {
  it('sends one invitation', async () => {
    await openScreen('/site/admins', 'Administrators');
    await page
      .getByRole('textbox', { name: /^Email of the administrator to invite/ })
      .fill(invitedEmail);
    expect(
      await writesOfDoubleClick(
        page.getByRole('button', { name: 'Send invitation' }),
        'Invitation sent',
      ),
    ).toEqual(['POST /api/admin/administrators/invitations']);
  });

  it('creates one API token', async () => {
    await openScreen('/profile/security', 'Security');
    await page.getByLabel(/^New API token/).fill('once script');
    expect(
      await writesOfDoubleClick(
        page.getByRole('button', { name: 'Create token' }),
        'API token created',
      ),
    ).toEqual(['POST /api/admin/tokens']);
    await page.getByRole('button', { name: 'Done' }).click();
  });
});

describe('ads', () => {
  it('adds an ad unit once and saves its edit once', async () => {
    await openScreen('/site/manage/ads/openAds/add', 'Open ads');
    await page.getByRole('button', { name: '+ Add Open Ads' }).click();
    const add = page.getByRole('form', { name: 'Add Open Ads' });
    await add.getByLabel(/^Ad Name/).fill('OnceUnit');
    await add.getByLabel(/^Ad ID/).fill('ca-app-pub-1/once');
    await add.getByLabel(/^Description/).fill('Clicked twice');
    expect(
      await writesOfDoubleClick(
        add.getByRole('button', { name: 'Submit' }),
        'Ad added successfully',
      ),
    ).toEqual(['POST /api/App/ads/open/add']);
    const row = page.getByRole('table').getByRole('row', { name: /OnceUnit/ });
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('Ad Description').fill('Saved once');
    const saved = await writesOfDoubleClick(
      row.getByRole('button', { name: 'Save' }),
      'Ad updated successfully',
    );
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatch(/^PUT \/api\/App\/ads\/open\/update\/[0-9a-f]{24}$/);
  });

  it('adds a website ad once', async () => {
    await openScreen('/site/manage/ads/webAds/add', 'Website ads');
    await page.getByRole('button', { name: '+ Add Website Ads' }).click();
    const form = page.getByRole('form', { name: 'Add Website Ads' });
    await form.getByLabel(/^Ad Name/).fill(webAdName);
    await form.getByLabel(/^Ad URL/).fill('https://deals.example/once');
    await form.getByLabel(/^Description/).fill('Clicked twice');
    expect(
      await writesOfDoubleClick(
        form.getByRole('button', { name: 'Submit' }),
        'Ad added successfully',
      ),
    ).toEqual(['POST /api/App/ads/webads/add']);
  });

  it('creates an in-house ad once', async () => {
    await openScreen('/manage/ads/inHouseAds/add', 'In-house ads');
    const form = page.getByRole('form', { name: 'Create In House Ad' });
    await form.getByLabel(/^Title/).fill(inHouseTitle);
    await form.getByLabel(/^Subtitle/).fill('Clicked twice');
    await form.getByLabel(/^Details/).fill('One ad for a double click.');
    await form.getByLabel(/^CTA/).fill('https://deals.example/once');
    await chooseFile(page, form.getByLabel('Icon'), png('icon.png'), 'accepted');
    await chooseFile(page, form.getByLabel('Media image'), png('media.png'), 'accepted');
    await expect
      .poll(() => form.getByLabel('Media image').getAttribute('data-check'))
      .toBe('accepted');
    expect(
      await writesOfDoubleClick(
        form.getByRole('button', { name: 'Create ad' }),
        'upload successfully !',
      ),
    ).toEqual(['POST /api/App/inhouse/ads']);
  });
});

describe('the profile', () => {
  it('saves once', async () => {
    await openScreen('/profile', 'Profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(
      await writesOfDoubleClick(
        page.getByRole('button', { name: 'Save' }),
        'Profile updated successfully',
      ),
    ).toEqual(['PUT /api/admin/Profile/Update']);
  });
});

describe('deletes', () => {
  it("deletes a product once on the confirmation's double click", async () => {
    await openScreen('/show/Product', 'Products');
    await page.getByRole('checkbox', { name: 'Select Once item 2' }).check();
    await page.getByRole('button', { name: 'Delete selected (1)' }).click();
    expect(
      await writesOfDoubleClick(await fillCaptcha(page, true), 'Product deleted successfully'),
    ).toEqual(['DELETE /api/App/product']);
  });
});

describe('the policy texts', () => {
  it('saves the policy once and the terms once', async () => {
    await openScreen('/site/policy', 'Privacy policy');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^Title/).fill('Once policy');
    await page.getByLabel(/^Text/).fill('Saved by a double click.');
    expect(
      await writesOfDoubleClick(
        page.getByRole('button', { name: 'Save' }),
        'Policy updated successfully',
      ),
    ).toEqual(['PUT /api/App/policy/admin/update']);
    await openScreen('/site/policy/terms', 'Terms & conditions');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^Title/).fill('Once terms');
    await page.getByLabel(/^Text/).fill('Saved by a double click.');
    expect(
      await writesOfDoubleClick(
        page.getByRole('button', { name: 'Save' }),
        'Terms & Conditions updated successfully',
      ),
    ).toEqual(['PUT /api/App/terms/admin/update']);
  });
});

describe('stories', () => {
  it('adds one shortcut', async () => {
    await openScreen('/add/story', 'Shortcut stories');
    await page
      .getByLabel(/^Title/)
      .first()
      .fill(shortcutTitle);
    await page.getByLabel(/^URL/).first().fill('https://deals.example/once');
    await chooseFile(page, page.getByLabel('Logo image'), png('once-logo.png'), 'accepted');
    expect(
      await writesOfDoubleClick(page.getByRole('button', { name: 'Add shortcut' }), /added/i),
    ).toEqual(['POST /api/sortcut']);
  });

  it('adds one story', async () => {
    await openScreen('/add/story/video', 'Story videos and images');
    await pick(page, 'Story type', 'Image');
    await chooseFile(page, page.getByLabel('Image file'), png('once-story.png'), 'accepted');
    await page.getByLabel('Button text').fill(storyButton);
    await page.getByLabel('Button URL').fill('https://deals.example/once');
    expect(
      await writesOfDoubleClick(
        page.getByRole('button', { name: 'Add story', exact: true }),
        /added|success/i,
      ),
    ).toEqual(['POST /api/App/Add/Story/Video']);
  });

  it('adds one banner', async () => {
    await openScreen('/add/story/banner', 'Banners');
    await page.getByLabel('Banner name').fill(bannerName);
    await chooseFile(page, page.getByLabel('Banner image'), png('once-banner.png'), 'accepted');
    expect(
      await writesOfDoubleClick(page.getByRole('button', { name: 'Add Banner' }), /added/i),
    ).toEqual(['POST /api/App/add/banner/b1']);
  });
});

describe('notifications', () => {
  it('sends one notification', async () => {
    await openScreen('/site/notification', 'Notifications');
    const form = page.getByRole('form', { name: 'Send a notification' });
    await form.getByLabel(/^Title/).fill(notificationTitle);
    await form.getByLabel(/^Message/).fill('Sent by a double click.');
    await form.getByRole('button', { name: 'Send', exact: true }).dblclick();
    const confirm = page.getByRole('dialog', {
      name: 'Send this notification to every app user?',
    });
    await confirm.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(
      await writesOfDoubleClick(
        confirm.getByRole('button', { name: 'Send now' }),
        'Notification sent successfully !',
      ),
    ).toEqual(['POST /api/App/notification/send']);
  });
});

describe('the controller', () => {
  it('asks once and saves a position once', async () => {
    await openScreen('/controller', 'Controller');
    const position = page.getByLabel('Story ad position', { exact: true });
    await position.fill(found.storyAdsPosition === 2 ? '3' : '2');
    await page.getByRole('button', { name: 'Save Story ad position' }).dblclick();
    const confirm = await fillCaptcha(page, true);
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await writesOfDoubleClick(confirm, 'Updated successfully')).toEqual([
      'PUT /api/App/controller/admin/position/change',
    ]);
  });
});
