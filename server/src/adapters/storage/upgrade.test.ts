// Upgrades: the database of every release (fixtures/<version>.sqlite, made with every kind of
// row by scripts/release-fixture.mjs, one kept per release) opens with this code, the
// migrations it lacks run on start, and its data reads back through the API.
import { copyFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { pendingMigrations } from './database.js';

const fixtures = fileURLToPath(new URL('fixtures/', import.meta.url));
const releases = (await readdir(fixtures)).filter((name) => name.endsWith('.sqlite'));
/** The admin scripts/release-fixture.mjs makes. */
const releaseAdmin = {
  a_id: 'release-admin',
  a_email: 'release-admin@example.test',
  password: 'release-admin-password',
};

describe.each(releases)('the database of release %s', (release) => {
  let database: TestDatabase;
  let server: TestServer;
  let admin: ReturnType<typeof clientFor>;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    await copyFile(join(fixtures, release), join(database.dataDir, 'dealdesk.sqlite'));
    server = await startTestServer(testConfig(database));
    const token = await signIn(server, releaseAdmin);
    admin = clientFor(server, () => token);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('has every migration applied after the start', async () => {
    expect(await pendingMigrations(server.app.dealdesk.context.db)).toEqual([]);
  });

  it('reads back every kind of row through the API', async () => {
    const [stories, storyAds, shortcuts, banners, products, categories, inHouse, notices] =
      await Promise.all([
        admin.stories.list({ limit: 100 }),
        admin.storyAds.list({ limit: 100 }),
        admin.shortcuts.list({ limit: 100 }),
        admin.banners.list({ limit: 100 }),
        admin.products.list({ limit: 100 }),
        admin.categories.list(),
        admin.inHouseAds.list({ limit: 100 }),
        admin.notifications.history(),
      ]);
    for (const answer of [stories, storyAds, shortcuts, banners, products, inHouse, notices]) {
      expect(answer).toMatchObject({ status: true, httpStatus: 200 });
      expect(answer.data?.length).toBeGreaterThan(0);
    }
    expect(categories.data?.length).toBeGreaterThan(0);
    // The tracked views and clicks came along: some product was seen.
    expect(products.data?.some((product) => product.view > 0)).toBe(true);
    expect((await admin.adUnits.list({ type: 'native' })).data?.length).toBeGreaterThan(0);
    expect((await admin.policy.getPolicy()).data?.policy_title).not.toBe('');
    expect((await admin.controller.get()).status).toBe(true);
    expect((await admin.admin.listTokens()).data?.map((token) => token.name)).toContain(
      'release cron',
    );
    // And the app reads what was published.
    const home = await clientFor(server).app.home();
    expect(home.data?.stories.length).toBeGreaterThan(0);
  });
});
