import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adUnitTypes, businessDay } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFcm, type FakeFcm } from '../adapters/push/fake-fcm.js';
import { fileFromBytes } from '../adapters/media/stored-files.js';
import { defaultPushSettings } from '../config.js';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { createAdsService } from '../modules/ads/service.js';
import { policyService } from '../modules/policy/service.js';
import { createShortcutsService } from '../modules/shortcuts/service.js';
import { seedDemo, type DemoSummary } from './seed.js';

const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = fileFromBytes(pngBytes, 'png');
const dayMs = 86_400_000;

/** What a demo run adds to an empty back-office. */
const sectionCounts: Omit<DemoSummary, 'events'> = {
  shortcuts: 5,
  stories: 4,
  storyAds: 2,
  banners: 3,
  categories: 3,
  subcategories: 7,
  products: 20,
  adUnits: 5,
  webAds: 3,
  inHouseAds: 3,
  notifications: 2,
  policyTexts: 2,
};

describe.each(dialects)('demo data on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    token = await signIn(server, await createTestAdmin(server));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const api = () => clientFor(server, () => token);
  /** The four weeks the demo simulates, up to today. */
  const fourWeeks = () => {
    const now = server.clock.now().getTime();
    const { timeZone } = server.config;
    return {
      startDate: businessDay(now - 27 * dayMs, timeZone),
      endDate: businessDay(now, timeZone),
    };
  };
  const servedAsPng = async (path: string) => {
    const file = await fetch(`${server.baseUrl}${path}`);
    return (
      file.headers.get('content-type') === 'image/png' && (await file.arrayBuffer()).byteLength > 8
    );
  };

  it('fills every empty section, with files and four weeks of views and clicks', async () => {
    const summary = await seedDemo(server.app.dealdesk.context);
    expect(summary).toMatchObject(sectionCounts);
    // 14 part 1 items, 6 ads and 20 products, each with views every day.
    expect(summary.events).toBeGreaterThan(40 * 28 * 30);

    const shortcuts = (await api().shortcuts.list()).data ?? [];
    expect(shortcuts.map((shortcut) => shortcut.name)).toEqual(
      expect.arrayContaining(['Amazon', 'Flipkart', 'Myntra', 'Ajio', 'Meesho']),
    );
    expect(shortcuts.every((shortcut) => shortcut.clickCount > 0)).toBe(true);
    expect((await api().stories.list()).data).toHaveLength(4);
    expect((await api().storyAds.list()).data).toHaveLength(2);
    const banners = (await api().banners.list()).data ?? [];
    expect(banners).toHaveLength(3);

    // The files are real PNG images, served as such.
    const logo = await fetch(`${server.baseUrl}${shortcuts[0]?.logo ?? ''}`);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await logo.arrayBuffer()).subarray(0, 8)]).toEqual([...pngBytes]);

    // Every day of the four weeks up to today has counts.
    const now = server.clock.now().getTime();
    const today = businessDay(now, server.config.timeZone);
    const dashboard = await api().dashboard.viewsDashboard({
      id: banners[0]?._id ?? '',
      startDate: businessDay(now - 60 * 86_400_000, server.config.timeZone),
      endDate: today,
    });
    expect(dashboard.views_data).toHaveLength(28);
    expect(businessDay(dashboard.views_data?.at(-1)?.createdAt ?? '', 'Asia/Kolkata')).toBe(today);
  });

  it('files the products under categories and subcategories, with events, sizes and counts', async () => {
    const categories = (await api().categories.list()).data ?? [];
    expect(
      categories.map(({ name, total_sub, total_products }) => [name, total_sub, total_products]),
    ).toEqual(
      expect.arrayContaining([
        ['Electronics', 3, 10],
        ['Fashion', 2, 6],
        ['Home', 2, 4],
      ]),
    );
    expect((await api().subcategories.list()).data?.map((sub) => sub.name).sort()).toEqual([
      'Audio',
      'Furnishing',
      'Kitchen',
      'Laptops',
      'Men',
      'Phones',
      'Women',
    ]);

    const products = await api().products.list({ limit: 100 });
    expect(products.totalRecord).toBe(20);
    const list = products.data ?? [];
    expect(list.every((product) => product.view > 0 && product.btn_click > 0)).toBe(true);
    expect(list.every((product) => product.og_price >= product.price && product.rating > '3')).toBe(
      true,
    );
    const shirt = list.find((product) => product.title.includes('Casual Cotton Shirt'));
    expect(shirt).toMatchObject({
      category: { name: 'Fashion' },
      subcategory: { name: 'Men' },
      availableSizes: ['S', 'M', 'L', 'XL', 'XXL'],
      events: 'Trending',
    });
    expect(shirt?.specifications.sizeDetails).toHaveProperty('M');
    expect(await servedAsPng(shirt?.images[0]?.url ?? '')).toBe(true);

    const bestDeals = await api().products.list({ events: 'Best Deals' });
    expect(bestDeals.totalRecord).toBe(6);
  });

  it('adds ad units, web ads and in-house ads, whose clicks the analytics screen shows', async () => {
    for (const type of adUnitTypes)
      expect((await api().adUnits.list({ type })).data).toHaveLength(1);
    const webAds = (await api().webAds.list(fourWeeks())).data ?? [];
    expect(webAds).toHaveLength(3);
    expect(webAds.every((ad) => ad.a_click > 0)).toBe(true);

    const inHouse = await api().inHouseAds.list();
    const ads = inHouse.data ?? [];
    expect(ads.map((ad) => ad.ad_type).sort()).toEqual(['FS', 'NTV', 'NTV']);
    expect(ads.find((ad) => ad.maxclickStatus)).toMatchObject({
      ad_type: 'FS',
      maxclickLimit: 5000,
    });
    // The limits are above what the simulation reached: every ad still runs.
    expect(ads.every((ad) => ad.running && ad.view > 0 && ad.clickCount > 0)).toBe(true);
    expect(await servedAsPng(ads[0]?.icon ?? '')).toBe(true);
    expect(await servedAsPng(ads[0]?.medView ?? '')).toBe(true);

    const report = await api().analytics.get(fourWeeks());
    expect(report.data).toHaveLength(6);
    expect(report.data?.every((item) => item.a_click > 0)).toBe(true);
    expect(report.totalViews).toBeGreaterThan(report.totalClicks ?? 0);
    expect(report.totalClicks).toBeGreaterThan(0);
    expect(report.bannerTotal).toBeGreaterThan(0);
    expect(report.sortcutTotal).toBeGreaterThan(0);
    expect(report.views_data).toHaveLength(28);
  });

  it('sends two notifications through the log provider and writes the policy and terms', async () => {
    const history = (await api().notifications.history()).data ?? [];
    expect(history.map((item) => item.n_title).sort()).toEqual([
      'Big Saving Days are live',
      'Price drop on headphones',
    ]);
    expect(history.every((item) => item.delivery.state === 'sent')).toBe(true);
    expect(history.filter((item) => item.n_icon !== '')).toHaveLength(1);
    expect(await readdir(join(server.config.dataDir, 'push-outbox'))).toHaveLength(2);

    expect((await api().policy.getPolicy()).data?.policy_title).toBe('Privacy Policy');
    expect((await api().policy.getTerms()).data?.terms_title).toBe('Terms & Conditions');
  });

  it('adds nothing when run again', async () => {
    const lists = async () => ({
      banners: (await api().banners.list()).data,
      products: (await api().products.list({ limit: 100 })).data,
      inHouse: (await api().inHouseAds.list()).data,
      analytics: await api().analytics.get(fourWeeks()),
      history: (await api().notifications.history()).data,
    });
    const before = await lists();
    const nothing = {
      ...Object.fromEntries(Object.keys(sectionCounts).map((key) => [key, 0])),
      events: 0,
    };
    expect(await seedDemo(server.app.dealdesk.context)).toEqual(nothing);
    expect(await lists()).toEqual(before);
  });
});

describe('demo data next to real data, on a server that pushes through FCM', () => {
  let database: TestDatabase;
  let server: TestServer;
  let fcm: FakeFcm;
  let secretsDir: string;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    fcm = await startFakeFcm();
    secretsDir = await mkdtemp(join(tmpdir(), 'dealdesk-fcm-'));
    const push = {
      ...defaultPushSettings,
      fcmServiceAccountFile: await fcm.writeAccountFile(secretsDir),
      fcmTokenUrl: fcm.tokenUrl,
      fcmSendUrl: fcm.sendUrl,
    };
    server = await startTestServer(testConfig(database, { push }));
  });
  afterAll(async () => {
    await server.close();
    await fcm.close();
    await rm(secretsDir, { recursive: true, force: true });
    await database.drop();
  });

  it('leaves a section that holds items alone, and fills the others', async () => {
    const { context } = server.app.dealdesk;
    const shortcuts = createShortcutsService(context);
    await shortcuts.add({ name: 'Our own', url: 'https://shop.example.test' }, png);
    const ownAd = { a_name: 'OurAd', a_id: 'https://shop.example.test/ad', a_description: 'Ours' };
    await createAdsService(context).add('web', ownAd);
    const ownPolicy = { policy_title: 'Our policy', policy_description: 'Our own words.' };
    await policyService(context).savePolicy(ownPolicy);

    const summary = await seedDemo(context, 7);
    expect(summary).toMatchObject({
      ...sectionCounts,
      shortcuts: 0,
      webAds: 0,
      policyTexts: 1,
    });
    const list = await shortcuts.list({ page: 1, limit: 10, q: '' });
    expect(list.data.map((shortcut) => [shortcut.name, shortcut.clickCount])).toEqual([
      ['Our own', 0],
    ]);
    expect(await createAdsService(context).list('web')).toMatchObject([ownAd]);
    expect(await policyService(context).policy()).toEqual(ownPolicy);
  });

  it('records the notifications with the log provider and never reaches FCM', async () => {
    expect(fcm.exchanges).toEqual([]);
    expect(fcm.sendRequests).toEqual([]);
    expect(await readdir(join(server.config.dataDir, 'push-outbox'))).toHaveLength(2);
  });
});
