// The app's product search as a phone uses it, over HTTP on each dialect, answered by the
// catalogue in memory and by the database alone (DEALDESK_CATALOGUE_MEMORY_PRODUCTS=0, as
// for a catalogue too large to keep): both find and count the same.
import { appProductTotalCap, type ApiClient, type Subcategory } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCatalogueMemoryProducts } from '../../config.js';
import {
  clientFor,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import {
  addCategory,
  addProduct,
  addSubcategory,
  signedInClient,
  storeProducts,
  type CatalogueClient,
} from './catalogue-fixtures.js';

/** The app's answers follow the catalogue's counter, read every 20 ms here. */
const withinASecond = { timeout: 1_000, interval: 20 };

const answeredBy = ['memory', 'database'] as const;
const cases = dialects.flatMap((dialect) => answeredBy.map((by) => [dialect, by] as const));

describe.each(cases)('the app search on %s, answered by the %s', (dialect, by) => {
  let database: TestDatabase;
  let server: TestServer;
  let admin: CatalogueClient;
  let app: ApiClient;
  let bags: Subcategory;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    const memoryProducts = by === 'memory' ? defaultCatalogueMemoryProducts : 0;
    server = await startTestServer(
      testConfig(database, { contentPollMs: 20, catalogueMemoryProducts: memoryProducts }),
    );
    admin = await signedInClient(server);
    app = clientFor(server);
    bags = await addSubcategory(admin, await addCategory(admin));
    for (const title of ['Café Crème tote', 'खादी कुर्ता set', 'Wombat canvas tote'])
      await addProduct(admin, bags, { title });
    // The app's answers follow the catalogue's counter, read every 20 ms here (up to 15 s on a
    // busy machine).
    for (let tries = 0; (await found({})).titles?.length !== 3; tries += 1)
      if (tries === 750) throw new Error('the products added were not listed');
      else await new Promise((resolve) => setTimeout(resolve, 20));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const found = async (query: Parameters<ApiClient['app']['products']>[0]) => {
    const answer = await app.app.products(query);
    expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    const { data, nextCursor, total, totalIsLowerBound } = answer;
    return { titles: data?.map((product) => product.title), nextCursor, total, totalIsLowerBound };
  };

  /** Products the catalogue memory holds, as /metrics tells: 0 when the database answers. */
  const inMemory = async () => {
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    return Number(/^dealdesk_catalogue_memory_products (\d+)$/m.exec(metrics)?.[1]);
  };

  it('answers who answered: the memory holds the catalogue, or nothing', async () => {
    expect(await inMemory()).toBe(by === 'memory' ? 3 : 0);
  });

  it('finds nothing for a search without a letter or digit', async () => {
    const nothing = { titles: [], nextCursor: null, total: 0, totalIsLowerBound: false };
    for (const q of ['😀', '%', '___', '%%', '_']) expect(await found({ q }), q).toEqual(nothing);
    expect(await found({ q: '%', subcategory: bags._id })).toEqual(nothing);
    // A blank search is no search: everything.
    expect((await found({ q: '  ' })).total).toBe(3);
  });

  it('folds Latin case and accents; Devanagari is found as typed', async () => {
    const cafe = { titles: ['Café Crème tote'], total: 1, totalIsLowerBound: false };
    expect(await found({ q: 'cafe creme' })).toMatchObject(cafe);
    expect(await found({ q: 'CAFÉ' })).toMatchObject(cafe);
    expect(await found({ q: 'crème CAFE', subcategory: bags._id })).toMatchObject(cafe);
    expect(await found({ q: 'कुर्ता' })).toMatchObject({ titles: ['खादी कुर्ता set'], total: 1 });
    expect(await found({ q: 'खादी कु' })).toMatchObject({ total: 1 });
  });

  it('answers the total of the whole list, on every page', async () => {
    const first = await found({ q: 'tote', limit: 1 });
    expect(first).toMatchObject({ titles: ['Wombat canvas tote'], total: 2 });
    const second = await found({ q: 'tote', limit: 1, cursor: first.nextCursor ?? '' });
    expect(second).toEqual({
      titles: ['Café Crème tote'],
      nextCursor: null,
      total: 2,
      totalIsLowerBound: false,
    });
  });

  it(`counts exactly up to ${appProductTotalCap}, then answers a lower bound`, async () => {
    const shelf = await addSubcategory(admin, bags.category);
    await storeProducts(server, shelf, appProductTotalCap + 1, {
      title: (index) => `Bulk lantern ${index}`,
      event: 'Trending',
    });
    const beyond = { total: appProductTotalCap, totalIsLowerBound: true };
    await expect
      .poll(async () => (await found({ subcategory: shelf._id })).total, withinASecond)
      .toBe(appProductTotalCap);
    expect(await found({ subcategory: shelf._id })).toMatchObject(beyond);
    expect(await found({ q: 'lantern', limit: 1 })).toMatchObject({
      titles: [`Bulk lantern ${appProductTotalCap}`],
      ...beyond,
    });
    const last = await found({ q: 'lantern', limit: 2, cursor: '000000000000000000000000' });
    expect(last).toMatchObject({ titles: [], ...beyond });
    expect(await found({ q: 'lantern 10000' })).toMatchObject({
      total: 1,
      totalIsLowerBound: false,
    });

    // One fewer: exactly the cap, and exact.
    const [newest] =
      (await admin.products.list({ subCategories: [shelf._id], limit: 1 })).data ?? [];
    expect((await admin.products.remove({ id: [newest?._id ?? ''] })).status).toBe(true);
    await expect
      .poll(async () => (await found({ q: 'lantern' })).totalIsLowerBound, withinASecond)
      .toBe(false);
    expect(await found({ q: 'lantern', event: 'Trending' })).toMatchObject({
      total: appProductTotalCap,
      totalIsLowerBound: false,
    });
    expect(await inMemory()).toBe(by === 'memory' ? appProductTotalCap + 3 : 0);
  });
});
