import { businessDay } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createShortcutsService } from '../modules/shortcuts/service.js';
import { seedDemo } from './seed.js';

const png = { ext: 'png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) };

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

  it('fills every empty section, with files and four weeks of views and clicks', async () => {
    const summary = await seedDemo(server.app.dealdesk.context);
    expect(summary).toMatchObject({ shortcuts: 5, stories: 4, storyAds: 2, banners: 3 });
    expect(summary.events).toBeGreaterThan(14 * 28 * 100);

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
    expect([...new Uint8Array(await logo.arrayBuffer()).subarray(0, 8)]).toEqual([...png.bytes]);

    // Every day of the four weeks up to today has counts.
    const now = server.clock.now().getTime();
    const today = businessDay(now, server.config.timeZone);
    const dashboard = await api().dashboard.viewsDashboard(banners[0]?._id ?? '', {
      startDate: businessDay(now - 60 * 86_400_000, server.config.timeZone),
      endDate: today,
    });
    expect(dashboard.views_data).toHaveLength(28);
    expect(businessDay(dashboard.views_data?.at(-1)?.createdAt ?? '', 'Asia/Kolkata')).toBe(today);
  });

  it('adds nothing when run again', async () => {
    const before = (await api().banners.list()).data;
    expect(await seedDemo(server.app.dealdesk.context)).toEqual({
      shortcuts: 0,
      stories: 0,
      storyAds: 0,
      banners: 0,
      events: 0,
    });
    expect((await api().banners.list()).data).toEqual(before);
  });
});

describe('demo data next to real data', () => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    server = await startTestServer(testConfig(database));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('leaves a section that holds items alone, and fills the others', async () => {
    const shortcuts = createShortcutsService(server.app.dealdesk.context);
    await shortcuts.add({ name: 'Our own', url: 'https://shop.example.test' }, png);
    const summary = await seedDemo(server.app.dealdesk.context, 7);
    expect(summary).toMatchObject({ shortcuts: 0, stories: 4, storyAds: 2, banners: 3 });
    const list = await shortcuts.list({ page: 1, limit: 10, q: '' });
    expect(list.data.map((shortcut) => [shortcut.name, shortcut.clickCount])).toEqual([
      ['Our own', 0],
    ]);
  });
});
