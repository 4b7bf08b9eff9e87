// The per-item dashboard shows the views and clicks the app reported (seeded through the
// app's tracking call), and reloads when the dates change.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, screenshot } from '../support/browser.js';
import { openSignedInScreen } from '../support/signed-in-screen.js';

let page: Page;
const itemId = 'aaaaaaaaaaaaaaaaaaaaaaaa';

beforeAll(async () => {
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
  expect(tracked.status, tracked.message).toBe(true);
  await apiClient().tracking.track({ events: [...views.slice(1000), ...clicks] });
  const signedIn = await openSignedInScreen(
    `/views/dashboard/${itemId}?q=Diwali%20banner&adsType=web`,
  );
  page = signedIn.page;
  return signedIn.close;
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
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
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
    await page.getByLabel('Start date').fill(yearStart.replace(/-01$/, '-02'));
    expect(await page.getByRole('textbox', { name: 'Period' }).inputValue()).toBe('Custom range');
    await page.getByRole('img', { name: /^Clicks per day: 7 on / }).waitFor();
  });
});
