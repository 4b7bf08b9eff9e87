// Ad Management walked through the screens: every ad-unit type added, edited inline and
// searched; website ads with their clicks, ranges, increase marker and clearing; in-house ads
// created, switched, edited and deleted; and the View & Click Analytics screen.
import {
  defaultBusinessTimeZone,
  formatCount,
  todayIn,
  type AdUnitType,
  type ApiClient,
  type TrackEvent,
} from '@dealdesk/core';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openInApp, screenshot } from '../support/browser.js';
import {
  answerCaptcha,
  chooseFile,
  pick,
  png,
  pngBytes,
  toast,
  typeSearch,
} from '../support/screens.js';
import {
  openSignedInScreen,
  screenshotOnFailure,
  type SignedInScreen,
} from '../support/signed-in-screen.js';
import { addInHouseAd } from '../support/content.js';
import { serverNow } from '../support/server-clock.js';

let signedIn: SignedInScreen;
let page: Page;
let api: ApiClient;

beforeAll(async () => {
  signedIn = await openSignedInScreen('/site/manage/ads/nativeAds/add', {
    pageClock: true,
    // A second reward unit for the edit-mode test, listed from the first load of its screen.
    seed: async (client) => {
      const added = await client.adUnits.add({
        type: 'reward',
        a_name: 'Second',
        a_id: 'ca-app-pub-3/reward',
        a_description: 'Second reward unit',
      });
      if (!added.status) throw new Error(added.message);
    },
  });
  ({ page, api } = signedIn);
  return signedIn.close;
});
afterEach(screenshotOnFailure(() => page));

const adsTable = () => page.getByRole('table').first();

/** `text` is said inside `place` (a row being edited), and not as a toast. */
async function saidBeside(place: Locator, text: string): Promise<void> {
  await place.getByText(text).waitFor();
  expect(await page.locator('.mantine-Notifications-root').getByText(text).count()).toBe(0);
}

/** Reports events as the app does, in batches of at most 1,000. */
async function track(
  kind: TrackEvent['kind'],
  id: string,
  event: TrackEvent['event'],
  times: number,
) {
  for (let sent = 0; sent < times; sent += 1000) {
    const events = Array.from({ length: Math.min(1000, times - sent) }, () => ({
      kind,
      id,
      event,
    }));
    const answer = await api.tracking.track({ events });
    expect(answer.status, answer.message).toBe(true);
    expect(answer.rejected, `${kind} ${id} names no item`).toEqual([]);
  }
}

/** The server's business day (its clock, not this machine's, says what today is). */
const serverToday = async () => todayIn(defaultBusinessTimeZone, await serverNow());

async function webAdId(name: string): Promise<string> {
  const today = await serverToday();
  const answer = await api.webAds.list({ startDate: '2000-01-01', endDate: today });
  const ad = answer.data?.find((candidate) => candidate.a_name === name);
  if (ad === undefined) throw new Error(`no web ad named ${name}`);
  return ad._id;
}

const adUnitScreens: { type: AdUnitType; tab: string; path: string }[] = [
  { type: 'native', tab: 'Native Ads', path: '/site/manage/ads/nativeAds/add' },
  { type: 'fullScreen', tab: 'Full Screen Ads', path: '/site/manage/ads/fullScreenAds/add' },
  { type: 'banner', tab: 'Banner Ads', path: '/site/manage/ads/bannerAds/add' },
  { type: 'open', tab: 'Open Ads', path: '/site/manage/ads/openAds/add' },
  { type: 'reward', tab: 'Reward Ads', path: '/site/manage/ads/rewardAds/add' },
];

describe('ad units', () => {
  it('lists the seven screens under Ad Management', async () => {
    await page.getByRole('heading', { name: 'Ad Management' }).waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual([
      'Native Ads',
      'Full Screen Ads',
      'Banner Ads',
      'Open Ads',
      'Reward Ads',
      'Website Ads',
      'InHouse Ads',
    ]);
  });

  for (const screen of adUnitScreens) {
    it(`${screen.tab}: toggles the add form, refuses blanks, adds without spaces, edits and searches`, async () => {
      await page.getByRole('tab', { name: screen.tab, exact: true }).click();
      await page.waitForURL(`**${screen.path}`);
      const toggle = page.getByRole('button', { name: `+ Add ${screen.tab}` });
      await toggle.click();
      const form = page.getByRole('form', { name: `Add ${screen.tab}` });
      await form.getByRole('button', { name: 'Submit' }).click();
      await toast(page, 'Please fill all the fields');
      await form.getByLabel(/^Ad Name/).fill(`Home ${screen.type} unit`);
      await form.getByLabel(/^Ad ID/).fill(` ca-app-pub-1/${screen.type} `);
      await form.getByLabel(/^Description/).fill('Shown on the home screen');
      // The spaces of the name and the id are removed before sending, as the spec does.
      await form.getByRole('button', { name: 'Submit' }).click();
      await toast(page, 'Ad added successfully');
      const row = adsTable().getByRole('row', { name: new RegExp(`Home${screen.type}unit`) });
      await row.getByText(`ca-app-pub-1/${screen.type}`).waitFor();
      await row.getByText('Shown on the home screen').waitFor();
      expect(await form.getByLabel(/^Ad Name/).inputValue()).toBe('');

      await row.getByRole('button', { name: 'Edit' }).click();
      // Only the id and the description are editable.
      expect(await row.getByRole('textbox').count()).toBe(2);
      await row.getByLabel('Ad ID').fill('');
      await row.getByRole('button', { name: 'Save' }).click();
      // Said beside the row's fields until they change, not in a toast.
      await saidBeside(row, 'Please fill all the fields');
      await row.getByLabel('Ad ID').fill(`ca-app-pub-2/${screen.type}`);
      await row.getByText('Please fill all the fields').waitFor({ state: 'detached' });
      await row.getByLabel('Ad Description').fill('Shown after the splash');
      await row.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Ad updated successfully');
      await row.getByText(`ca-app-pub-2/${screen.type}`).waitFor();

      const search = page.getByRole('searchbox', { name: `Search ${screen.tab}` });
      await search.fill('SPLASH');
      await row.waitFor();
      await search.fill('pub-2');
      await row.waitFor();
      await search.fill('nothing like it');
      await page.getByText('No ads to show').waitFor();
      await search.fill('');
      await toggle.click();
      await form.waitFor({ state: 'hidden' });
    });
  }

  it('keeps one row in edit mode at a time; Cancel leaves it unchanged', async () => {
    const rows = adsTable().getByRole('row');
    await rows.nth(2).waitFor();
    await rows.nth(1).getByRole('button', { name: 'Edit' }).click();
    await rows.nth(1).getByLabel('Ad ID').fill('changed but not saved');
    await rows.nth(2).getByRole('button', { name: 'Edit' }).click();
    expect(await rows.nth(1).getByRole('textbox').count()).toBe(0);
    expect(await rows.nth(2).getByRole('textbox').count()).toBe(2);
    await rows.nth(2).getByRole('button', { name: 'Cancel' }).click();
    expect(await adsTable().getByRole('textbox').count()).toBe(0);
    await adsTable().getByText('changed but not saved').waitFor({ state: 'detached' });
    await screenshot(page, 'ad-units');
    await signedIn.narrowScreenshot('/site/manage/ads/rewardAds/add', 'ad-units', async (small) => {
      // A card per unit on a phone: its actions stay on screen.
      const card = small.getByRole('listitem').filter({ hasText: 'Second' });
      await card.getByRole('button', { name: 'Edit' }).waitFor();
      expect(await small.getByRole('table').count()).toBe(0);
    });
  });

  it("an id another ad uses: the server's refusal beside the row's id until it changes", async () => {
    const rows = adsTable().getByRole('row');
    const taken = await rows.nth(1).getByRole('cell').nth(2).textContent();
    await rows.nth(2).getByRole('button', { name: 'Edit' }).click();
    const id = rows.nth(2).getByLabel('Ad ID');
    await id.fill(taken ?? '');
    await rows.nth(2).getByRole('button', { name: 'Save' }).click();
    const refusal = `The ad ID ${taken} is already used by the ad`;
    await saidBeside(rows.nth(2), refusal);
    expect(await id.getAttribute('aria-invalid')).toBe('true');
    await id.fill(`${taken}-2`);
    await rows.nth(2).getByText(refusal).waitFor({ state: 'detached' });
    await rows.nth(2).getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('website ads', () => {
  it('adds a web ad with its URL and shows its clicks linking to the dashboard', async () => {
    await page.getByRole('tab', { name: 'Website Ads' }).click();
    await page.waitForURL('**/site/manage/ads/webAds/add');
    await page.getByRole('button', { name: '+ Add Website Ads' }).click();
    const form = page.getByRole('form', { name: 'Add Website Ads' });
    await form.getByLabel(/^Ad Name/).fill('Diwalisale');
    await form.getByLabel(/^Ad URL/).fill('not-a-link');
    await form.getByLabel(/^Description/).fill('The festive landing page');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Enter a valid ad URL').waitFor();
    await form.getByLabel(/^Ad URL/).fill('https://deals.example/diwali');
    await form.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Ad added successfully');
    await adsTable()
      .getByRole('row', { name: /Diwalisale/ })
      .waitFor();

    const id = await webAdId('Diwalisale');
    await track('webAd', id, 'click', 12);
    await page.reload();
    const count = page.getByRole('link', { name: '12 clicks on Diwalisale, open the dashboard' });
    await count.waitFor();
    expect(await count.getAttribute('href')).toBe(
      `/views/dashboard/${id}?q=Diwalisale&adsType=web&range=today`,
    );
    // The first load has nothing to compare with.
    expect(await page.getByText(/more since the last load/).count()).toBe(0);
  });

  it('marks the growth since the last load in green, kept in browser storage', async () => {
    await track('webAd', await webAdId('Diwalisale'), 'click', 3);
    await page.reload();
    await page.getByRole('link', { name: /^15 clicks on Diwalisale/ }).waitFor();
    await page.getByLabel('3 more since the last load').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('webClicks'));
    expect(stored).toMatch(/"\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}":\{"[0-9a-f]{24}":15\}/);
    await screenshot(page, 'web-ads');
    await page.reload();
    await page.getByRole('link', { name: /^15 clicks on Diwalisale/ }).waitFor();
    expect(await page.getByText(/more since the last load/).count()).toBe(0);
  });

  it('counts within the chosen range; typing a date switches to a custom range', async () => {
    const ranges = page.getByRole('radiogroup', { name: 'Quick ranges' });
    await ranges.getByText('Yesterday').click();
    await page.getByRole('link', { name: /^0 clicks on Diwalisale/ }).waitFor();
    await ranges.getByText('This Month').click();
    await page.getByRole('link', { name: /^15 clicks on Diwalisale/ }).waitFor();
    const today = await page.getByLabel('End date').inputValue();
    await ranges.getByText('Today').click();
    expect(await page.getByLabel('Start date').inputValue()).toBe(
      await page.getByLabel('End date').inputValue(),
    );
    await page.getByLabel('Start date').fill('01/01/2020');
    await page.getByRole('link', { name: /^15 clicks on Diwalisale/ }).waitFor();
    expect(await ranges.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(today).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('clears the listed ads’ clicks after the captcha; nothing listed is refused', async () => {
    const search = page.getByRole('searchbox', { name: 'Search Website Ads' });
    await search.fill('no such ad');
    await page.getByRole('button', { name: 'Clear all data' }).click();
    await toast(page, 'Ads Not Availale');
    await search.fill('');
    await page.getByRole('button', { name: 'Clear all data' }).click();
    await answerCaptcha(page, false, 'Captcha answer is incorrect');
    await page.getByRole('link', { name: /^15 clicks on Diwalisale/ }).waitFor();
    await page.getByRole('button', { name: 'Clear all data' }).click();
    await answerCaptcha(page, true);
    await toast(page, 'Data cleared successfully');
    await page.getByRole('link', { name: /^0 clicks on Diwalisale/ }).waitFor();
    await signedIn.narrowScreenshot('/site/manage/ads/webAds/add', 'web-ads', async (small) => {
      await small.getByRole('link', { name: /clicks on Diwalisale/ }).waitFor();
    });
  });

  it('deletes a web ad from its edit mode after the captcha', async () => {
    const row = adsTable().getByRole('row', { name: /Diwalisale/ });
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerCaptcha(page, true);
    await toast(page, 'Ad deleted successfully');
    await page.getByText('No ads to show').waitFor();
  });
});

describe('in-house ads', () => {
  const table = () => page.getByRole('table', { name: 'In House Ads' });
  const form = () => page.getByRole('form', { name: 'Create In House Ad' });

  it('shows the running badge and refuses a creation without texts and files', async () => {
    await page.getByRole('tab', { name: 'InHouse Ads' }).click();
    await page.waitForURL('**/manage/ads/inHouseAds/add');
    await page
      .getByRole('status')
      .filter({ hasText: /^(Running|Not Running)$/ })
      .waitFor();
    await page.getByText('No in-house ads').waitFor();
    expect(
      await form()
        .getByLabel(/^Button text/)
        .inputValue(),
    ).toBe('Visit');
    await form().getByRole('button', { name: 'Create ad' }).click();
    await form().getByText('Enter the title').waitFor();
    await form().getByText('Enter a valid CTA link').waitFor();
    expect(
      await form().getByText('select valid image , video and icon file').count(),
    ).toBeGreaterThan(0);
  });

  it('creates a native ad with a view limit', async () => {
    await form()
      .getByLabel(/^Title/)
      .fill('Weekend sale');
    await form()
      .getByLabel(/^Subtitle/)
      .fill('Up to 70% off');
    await form()
      .getByLabel(/^Details/)
      .fill('Everything in the app, this weekend only.');
    await form().getByLabel(/^CTA/).fill('https://deals.example/weekend');
    await chooseFile(page, form().getByLabel('Icon'), png('icon.png'), 'accepted');
    await chooseFile(page, form().getByLabel('Media image'), png('media.png'), 'accepted');
    await expect
      .poll(() => form().getByLabel('Media image').getAttribute('data-check'))
      .toBe('accepted');
    await pick(page, 'Limit', 'View');
    await form().getByLabel('Maximum views').fill('100');
    await screenshot(page, 'in-house-ads-form');
    await form().getByRole('button', { name: 'Create ad' }).click();
    await toast(page, 'upload successfully !');
    const row = table().getByRole('row', { name: /Weekend sale/ });
    await row.getByText('100 views').waitFor();
    await row.getByText('Native').waitFor();
    await row.getByRole('link', { name: 'Visit' }).waitFor();
    expect(
      await form()
        .getByLabel(/^Title/)
        .inputValue(),
    ).toBe('');
  });

  it('switches the status and searches the list', async () => {
    await addInHouseAd(api, {
      mainTitle: 'Second offer',
      subTitle: 'Full screen',
      description: 'A full-screen ad',
      ad_type: 'FS',
    });
    await page.reload();
    await table()
      .getByRole('row', { name: /Second offer/ })
      .waitFor();
    const status = page.getByRole('switch', { name: 'Weekend sale status' });
    expect(await status.isChecked()).toBe(true);
    await status.click({ force: true });
    await toast(page, 'Status updated successfully');
    await table()
      .getByRole('row', { name: /Weekend sale/ })
      .getByText('De Active')
      .waitFor();

    await typeSearch(page.getByLabel('Search in-house ads'), 'second');
    await table()
      .getByRole('row', { name: /Weekend sale/ })
      .waitFor({ state: 'detached' });
    await table()
      .getByRole('row', { name: /Second offer/ })
      .getByText('Full Screen', { exact: true })
      .waitFor();
    await typeSearch(page.getByLabel('Search in-house ads'), '');
    await table()
      .getByRole('row', { name: /Weekend sale/ })
      .waitFor();
    await page.getByText('Page 1 of 1').waitFor();
    await screenshot(page, 'in-house-ads');
  });

  it('edits an ad from its row menu, with previews, and returns to the list', async () => {
    await page.getByRole('button', { name: 'Actions for Weekend sale' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.waitForURL('**/manage/ads/inHouseAds/edit/*');
    await page.getByRole('img', { name: 'Current icon' }).waitFor();
    await page.getByRole('img', { name: 'Current media' }).waitFor();
    const edit = page.getByRole('form', { name: 'Edit In House Ad' });
    expect(await edit.getByLabel('Maximum views').inputValue()).toBe('100');
    expect(await edit.getByRole('switch', { name: 'Weekend sale status' }).isChecked()).toBe(false);
    await edit.getByLabel(/^Title/).fill('Weekend mega sale');
    await pick(page, 'Limit', 'Click');
    await edit.getByLabel('Maximum clicks').fill('5');
    await edit.getByRole('switch', { name: 'Weekend sale status' }).click({ force: true });
    await screenshot(page, 'in-house-ad-edit');
    await signedIn.narrowScreenshot(
      new URL(page.url()).pathname,
      'in-house-ad-edit',
      async (small) => {
        await small.getByRole('img', { name: 'Current media' }).waitFor();
      },
    );
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Update successfully !');
    await page.waitForURL('**/manage/ads/inHouseAds/add');
    const row = table().getByRole('row', { name: /Weekend mega sale/ });
    await row.getByText('5 clicks').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
  });

  it('deletes the selected ads after the captcha', async () => {
    await signedIn.narrowScreenshot('/manage/ads/inHouseAds/add', 'in-house-ads', async (small) => {
      await small
        .getByRole('list', { name: 'In House Ads' })
        .getByRole('listitem')
        .first()
        .waitFor();
    });
    await page.getByRole('checkbox', { name: 'Select every row on this page' }).check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await answerCaptcha(page, false, 'Incorrect answer to the captcha.');
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await answerCaptcha(page, true);
    await toast(page, 'In House ads deleted successfully.');
    await page.getByText('No in-house ads').waitFor();
  });
});

describe('View & Click Analytics', () => {
  let adId: string;
  // Other files of the run may report banner and shortcut clicks too: count from where they are.
  const expectedTotals = { banner: '', shortcut: '' };

  beforeAll(async () => {
    const today = await serverToday();
    const before = await api.analytics.get({ startDate: today, endDate: today });
    expectedTotals.banner = formatCount((before.bannerTotal ?? 0) + 4);
    expectedTotals.shortcut = formatCount((before.sortcutTotal ?? 0) + 11);
    const added = await api.webAds.add({
      a_name: 'Analyticsad',
      a_id: 'https://deals.example/analytics',
      a_description: 'Seen in the analytics',
    });
    expect(added.status, added.message).toBe(true);
    adId = await webAdId('Analyticsad');
    await track('webAd', adId, 'view', 1500);
    await track('webAd', adId, 'click', 7);
    // Only items that exist are counted: a banner and a shortcut of their own.
    const image = { name: 'logo.png', type: 'image/png', data: pngBytes };
    const banner = await api.banners.add({
      insertData: { name: 'Analytics banner', url: 'https://deals.example/banner' },
      image,
    });
    const shortcut = await api.shortcuts.add({
      name: 'Analytics shortcut',
      url: 'https://deals.example/shortcut',
      image,
    });
    await track('banner', banner.data?._id ?? '', 'click', 4);
    await track('shortcut', shortcut.data?._id ?? '', 'click', 11);
    // Gone again after this suite: other files start from an empty banner or shortcut list.
    return async () => {
      await api.banners.remove({ id: [banner.data?._id ?? ''] });
      await api.shortcuts.remove({ id: [shortcut.data?._id ?? ''] });
    };
  });

  it('shows the views, clicks, charts, per-ad cards and the banner and shortcut totals', async () => {
    // Through the app's router: a full load of the build costs Chromium a second of CPU.
    await openInApp(page, '/site/manage/analytics', 'Analytics');
    await page.getByRole('heading', { name: 'View & Click Analytics' }).waitFor();
    await page.getByRole('group', { name: 'Views' }).getByText('1.5k', { exact: true }).waitFor();
    await page
      .getByRole('group', { name: 'Click', exact: true })
      .getByText('07', { exact: true })
      .waitFor();
    await page
      .getByRole('group', { name: 'Total Banner Clicks' })
      .getByText(expectedTotals.banner, { exact: true })
      .waitFor();
    await page
      .getByRole('group', { name: 'Total Shortcut Clicks' })
      .getByText(expectedTotals.shortcut, { exact: true })
      .waitFor();
    await page.getByRole('img', { name: /^Views per day: 1500 on / }).waitFor();
    await page.getByRole('img', { name: /^Clicks per day: 7 on / }).waitFor();
    await screenshot(page, 'analytics');
    await signedIn.narrowScreenshot('/site/manage/analytics', 'analytics', async (small) => {
      await small.getByRole('img', { name: /^Clicks per day/ }).waitFor();
    });

    await page.getByRole('link', { name: /^Analyticsad\s*07\s*clicks/ }).click();
    await page.waitForURL(`**/views/dashboard/${adId}?q=Analyticsad&range=thisMonth`);
    await page.goBack();
    await page.getByRole('heading', { name: 'View & Click Analytics' }).waitFor();
  });

  it('shows no chart for a range without counts', async () => {
    await page.getByRole('radiogroup', { name: 'Quick ranges' }).getByText('Yesterday').click();
    await page.getByRole('group', { name: 'Views' }).getByText('0', { exact: true }).waitFor();
    expect(await page.getByRole('img', { name: /per day/ }).count()).toBe(0);
    await page.getByRole('radiogroup', { name: 'Quick ranges' }).getByText('This Year').click();
    await page.getByRole('group', { name: 'Views' }).getByText('1.5k', { exact: true }).waitFor();
  });

  it('clears the data after the captcha, and refuses when no ad is listed', async () => {
    await page.getByRole('button', { name: 'Clear data' }).click();
    await answerCaptcha(page, false, 'Captcha answer is incorrect');
    await page.getByRole('button', { name: 'Clear data' }).click();
    await answerCaptcha(page, true);
    await toast(page, 'Data cleared successfully');
    await page.getByRole('group', { name: 'Views' }).getByText('0', { exact: true }).waitFor();
    await page
      .getByRole('group', { name: 'Click', exact: true })
      .getByText('0', { exact: true })
      .waitFor();
    expect(await page.getByRole('img', { name: /per day/ }).count()).toBe(0);

    const removed = await api.webAds.remove({ id: adId });
    expect(removed.status, removed.message).toBe(true);
    await page.reload();
    await page.getByText('Ads Not Availale').waitFor();
    await page.getByRole('button', { name: 'Clear data' }).click();
    await toast(page, 'Ads Not Availale');
  });
});
