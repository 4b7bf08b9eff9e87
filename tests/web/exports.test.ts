// The Export CSV buttons: the product list and the in-house ads download what their search
// finds, the analytics screen its range, the notifications screen the whole history, as the
// server's CSV exports.
import { endpoints, readCsvRecords, rowColumns, type ApiClient } from '@dealdesk/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, openInApp } from '../support/browser.js';
import { pngBytes, toast } from '../support/screens.js';
import { openSignedInScreen, type SignedInScreen } from '../support/signed-in-screen.js';

let signedIn: SignedInScreen;
let page: Page;
let api: ApiClient;
let category = '';
let subcategory = '';
const png = (name: string) => ({ name, type: 'image/png', data: new Uint8Array(pngBytes) });
const titles = ['=Export lamp 1', 'Export lamp 2'];

beforeAll(async () => {
  signedIn = await openSignedInScreen('/');
  ({ page, api } = signedIn);
  const added = await api.categories.add({
    name: 'Exports',
    image: png('exports.png'),
    bg_image: png('exports-bg.png'),
  });
  expect(added.status, added.message).toBe(true);
  category = (await api.categories.list()).data?.find((c) => c.name === 'Exports')?._id ?? '';
  await api.subcategories.add({ name: 'Lamps', categoryId: category, image: png('l.png') });
  subcategory = (await api.subcategories.list()).data?.find((s) => s.name === 'Lamps')?._id ?? '';
  const bulk = await api.products.bulk({
    products: [...titles, 'Other shelf'].map((title, index) => ({
      title,
      price: 100 + index,
      og_price: 200,
      og_url: `https://shop.example/exports/${index}`,
      category,
      subcategory,
      images: ['https://cdn.example/lamp.jpg'],
    })),
  });
  expect(bulk.status, bulk.message).toBe(true);
  expect(
    (await api.notifications.send({ title: 'Export check', message: 'M', url: '' })).status,
  ).toBe(true);
});
afterAll(async () => {
  // The browser files share one server: leave it as found for the next file.
  try {
    const products = (await api.products.list({ q: 'Export lamp', limit: 100 })).data ?? [];
    const other = (await api.products.list({ q: 'Other shelf', limit: 100 })).data ?? [];
    await api.products.remove({ id: [...products, ...other].map((product) => product._id) });
    const sent = (await api.notifications.history({ q: 'Export check' })).data ?? [];
    await api.notifications.remove({ id: sent.map((notification) => notification._id) });
    await api.subcategories.remove({ id: subcategory });
    await api.categories.remove({ id: category });
  } finally {
    await signedIn.close();
  }
});

describe('Export CSV', () => {
  it('downloads the products the list search finds, formulas neutralised', async () => {
    await openInApp(page, '/show/Product?q=Export%20lamp', 'Products');
    await page.getByText('Export lamp 2').first().waitFor();
    const { name, text } = await download(
      page.getByRole('button', { name: 'Export CSV of products' }),
    );
    expect(name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...records] = readCsvRecords(text);
    expect(header?.fields).toEqual(rowColumns(endpoints.products.export));
    expect(records.map((record) => record.fields[1]).sort()).toEqual([
      "'=Export lamp 1",
      'Export lamp 2',
    ]);
    await toast(page, `Exported ${name}`);
  });

  it("downloads the analytics screen's range, the notification history and the in-house ads", async () => {
    await openInApp(page, '/site/manage/analytics', 'Analytics');
    const analytics = await download(page.getByRole('button', { name: 'Export CSV of analytics' }));
    expect(analytics.name).toMatch(/^analytics-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(readCsvRecords(analytics.text)[0]?.fields).toEqual(
      rowColumns(endpoints.analytics.export),
    );

    await openInApp(page, '/site/notification', 'Notifications');
    const history = await download(
      page.getByRole('button', { name: 'Export CSV of notification history' }),
    );
    const [header, ...records] = readCsvRecords(history.text);
    expect(header?.fields).toEqual(rowColumns(endpoints.notifications.export));
    expect(records.map((record) => record.fields[2])).toContain('Export check');

    await openInApp(page, '/manage/ads/inHouseAds/add', 'In-house ads');
    const inHouse = await download(
      page.getByRole('button', { name: 'Export CSV of in-house ads' }),
    );
    expect(inHouse.name).toMatch(/^in-house-ads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(readCsvRecords(inHouse.text)[0]?.fields).toEqual(
      rowColumns(endpoints.inHouseAds.export),
    );
  });
});
