// The analytics screen keeps its range: it opens on This Month, holds the quick range or the
// typed dates in the address (Back and a reload keep them), carries them into an item's
// dashboard (opened at the top), and shows each total beside the previous period's.
import { addDays, defaultBusinessTimeZone, todayIn, type ApiClient } from '@dealdesk/core';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { narrow, resize, wide } from '../support/browser.js';
import {
  openSignedInScreen,
  screenshotOnFailure,
  type SignedInScreen,
} from '../support/signed-in-screen.js';
import { serverNow } from '../support/server-clock.js';

let signedIn: SignedInScreen;
let page: Page;
let api: ApiClient;
let today = '';
let adId = '';

/** A yyyy-mm-dd day as the date inputs show and take it. */
const shown = (day: string) => day.split('-').reverse().join('/');
const address = () => new URL(page.url());
const quickRanges = () => page.getByRole('radiogroup', { name: 'Quick ranges' });
/** The quick range chosen, by its label. */
const checkedRange = () =>
  quickRanges()
    .getByRole('radio', { checked: true })
    .evaluateAll((radios) =>
      radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent ?? '').join(),
    );

beforeAll(async () => {
  signedIn = await openSignedInScreen('/', {
    pageClock: true,
    seed: async (client) => {
      const added = await client.webAds.add({
        a_name: 'Rangead',
        a_id: 'https://deals.example/range',
        a_description: 'Counted in ranges',
      });
      if (!added.status) throw new Error(added.message);
    },
  });
  ({ page, api } = signedIn);
  today = todayIn(defaultBusinessTimeZone, await serverNow());
  const listed = await api.webAds.list({ startDate: today, endDate: today });
  adId = listed.data?.find((ad) => ad.a_name === 'Rangead')?._id ?? '';
  const clicks = Array.from({ length: 12 }, () => ({
    kind: 'webAd' as const,
    id: adId,
    event: 'click' as const,
  }));
  const tracked = await api.tracking.track({ events: clicks });
  expect(tracked.rejected).toEqual([]);
  return async () => {
    await api.webAds.remove({ id: adId });
    await signedIn.close();
  };
});
afterEach(screenshotOnFailure(() => page));

describe('View & Click Analytics keeps its range', () => {
  it('opens on This Month, each total beside the previous period', async () => {
    await page.goto('/site/manage/analytics');
    await page.getByRole('heading', { name: 'View & Click Analytics' }).waitFor();
    await expect.poll(checkedRange).toBe('This Month');
    expect(address().searchParams.get('range')).toBeNull();
    await page.getByRole('link', { name: /^Rangead\s*12\s*clicks/ }).waitFor();
    const clicks = page.getByRole('group', { name: 'Click', exact: true });
    await clicks.getByText(/on the previous period \(/).waitFor();
    await page
      .getByRole('img', { name: /^Clicks per day: .*; the previous period: \d+ in all$/ })
      .waitFor();
  });

  it('holds typed dd/mm/yyyy dates in the address and compares with the days before', async () => {
    const tomorrow = addDays(today, 1);
    await page.getByLabel('Start date').fill(shown(tomorrow));
    await page.getByLabel('End date').fill(shown(tomorrow));
    await page.keyboard.press('Escape');
    await expect.poll(() => address().searchParams.get('startDate')).toBe(tomorrow);
    expect(address().searchParams.get('range')).toBe('range');
    expect(address().searchParams.get('endDate')).toBe(tomorrow);
    expect(await checkedRange()).toBe('');
    // Tomorrow has no clicks yet; today, its previous period, has this file's twelve at least.
    await page
      .getByRole('group', { name: 'Click', exact: true })
      .getByText(/^down 100% on the previous period/)
      .waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Start date').inputValue()).toBe(shown(tomorrow));
  });

  it('carries the quick range into the dashboard, opened at the top; Back keeps it', async () => {
    await resize(page, narrow);
    await quickRanges().getByText('Today').click();
    await expect.poll(() => address().searchParams.get('range')).toBe('today');
    const card = page.getByRole('link', { name: /^Rangead\s*12\s*clicks/ });
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await card.click();
    await page.getByRole('heading', { name: 'Views and clicks: Rangead' }).waitFor();
    expect(address().pathname).toBe(`/views/dashboard/${adId}`);
    expect(address().searchParams.get('q')).toBe('Rangead');
    expect(address().searchParams.get('range')).toBe('today');
    expect(await page.getByRole('textbox', { name: 'Period' }).inputValue()).toBe('Today');
    expect(await page.getByLabel('Start date').inputValue()).toBe(shown(today));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Named by the ad, not by its database id.
    expect(await page.locator('main').getByText(adId).count()).toBe(0);

    await page.goBack();
    await page.getByRole('heading', { name: 'View & Click Analytics' }).waitFor();
    await expect.poll(checkedRange).toBe('Today');
    await resize(page, wide);
  });
});
