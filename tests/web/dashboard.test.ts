// The per-item dashboard shows the views and clicks the app reported (seeded through the
// app's tracking call), and reloads when the dates change.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, screenshot, sessionToken } from '../support/browser.js';
import { pngBytes } from '../support/screens.js';
import { openSignedInScreen } from '../support/signed-in-screen.js';

let page: Page;
/** A banner of its own: only events of items that exist are counted. */
let itemId = '';

beforeAll(async () => {
  const token = await sessionToken();
  const api = apiClient(() => token);
  const banner = await api.banners.add({
    insertData: { name: 'Diwali banner', url: 'https://deals.example/diwali' },
    image: { name: 'banner.png', type: 'image/png', data: pngBytes },
  });
  expect(banner.status, banner.message).toBe(true);
  itemId = banner.data?._id ?? '';
  const views = Array.from({ length: 1200 }, () => ({
    kind: 'banner' as const,
    id: itemId,
    event: 'view' as const,
  }));
  const clicks = Array.from({ length: 7 }, () => ({
    kind: 'banner' as const,
    id: itemId,
    event: 'click' as const,
  }));
  const tracked = await apiClient().tracking.track({ events: [...views.slice(0, 1000)] });
  expect(tracked).toMatchObject({ status: true, accepted: 1000, rejected: [] });
  await apiClient().tracking.track({ events: [...views.slice(1000), ...clicks] });
  const signedIn = await openSignedInScreen(
    `/views/dashboard/${itemId}?q=Diwali%20banner&adsType=web`,
  );
  page = signedIn.page;
  // The browser files share one server: the banners screen of another file starts empty.
  return async () => {
    await signedIn.close();
    await api.banners.remove({ id: [itemId] });
  };
});

describe('item dashboard', () => {
  it("shows today's seeded views and clicks as charts with compacted totals", async () => {
    await page.getByRole('heading', { name: 'Views and clicks: Diwali banner' }).waitFor();
    await page.getByLabel('Total Views').filter({ hasText: '1.2k' }).waitFor();
    await page.getByLabel('Total Clicks').filter({ hasText: '07' }).waitFor();
    await page.getByRole('img', { name: /^Views per day: 1200 on / }).waitFor();
    await page.getByRole('img', { name: /^Clicks per day: 7 on / }).waitFor();
    const today = await page.getByLabel('Start date').inputValue();
    expect(await page.getByLabel('End date').inputValue()).toBe(today);
    expect(today).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await screenshot(page, 'dashboard');
  });

  it('shows the placeholder when the dates hold no counts', async () => {
    await page.getByRole('textbox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Yesterday' }).click();
    await page.getByText('No views recorded between these dates').waitFor();
    await page.getByText('No clicks recorded between these dates').waitFor();
    await page.getByRole('textbox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'This Year' }).click();
    await page.getByRole('img', { name: /^Views per day: 1200 on / }).waitFor();
    const yearStart = await page.getByLabel('Start date').inputValue();
    await page.getByLabel('Start date').fill(yearStart.replace(/^01/, '02'));
    expect(await page.getByRole('textbox', { name: 'Period' }).inputValue()).toBe('Custom range');
    await page.getByRole('img', { name: /^Clicks per day: 7 on / }).waitFor();
  });
});

describe('business days', () => {
  /** Today's date in `timeZone`, as the date inputs show it. */
  const todayIn = (timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());

  // 25 hours apart, so their dates always differ: whatever other zone the app wrongly used
  // (the default, the browser's), one of the two fails.
  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    "starts today in the zone the server serves (%s), not the browser's",
    async (timeZone) => {
      const signedIn = await openSignedInScreen(`/views/dashboard/${itemId}?q=Zone`, {
        // As a server started with DEALDESK_TZ=<zone> answers /config.js.
        prepare: async (tab) => {
          await tab.route('**/config.js', async (route) => {
            const response = await route.fetch();
            const body = (await response.text()).replace(
              /"timeZone":"[^"]*"/,
              `"timeZone":"${timeZone}"`,
            );
            await route.fulfill({ response, body });
          });
        },
      });
      try {
        await signedIn.page.getByRole('heading', { name: 'Views and clicks: Zone' }).waitFor();
        await expect
          .poll(() => signedIn.page.getByLabel('Start date').inputValue())
          .toBe(todayIn(timeZone));
      } finally {
        await signedIn.close();
      }
    },
  );
});
