// The product list answers from the catalogue it keeps in memory (catalogue-memory.ts), which
// follows the database's change log: two server instances share one database, and what one
// changes the other's list shows at once.
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
} from '../../testing/harness.js';
import {
  addCategory,
  addProduct,
  addSubcategory,
  productData,
  type CatalogueClient,
} from './catalogue-fixtures.js';

describe.each(dialects)('the product list beside another instance on %s', (dialect) => {
  let database: TestDatabase;
  let servers: TestServer[];
  let listing: CatalogueClient;
  let changing: CatalogueClient;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    const config = testConfig(database);
    const first = await startTestServer(config);
    servers = [first, await startTestServer(config)];
    const admin = await createTestAdmin(first);
    const clients = await Promise.all(
      servers.map(async (server) => {
        const token = await signIn(server, admin);
        return clientFor(server, () => token);
      }),
    );
    [listing, changing] = clients as [CatalogueClient, CatalogueClient];
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database.drop();
  });

  /** The list on the first instance, asked twice: the second answer may come from memory. */
  const listed = async (query: Parameters<CatalogueClient['products']['list']>[0]) => {
    await listing.products.list(query);
    const answer = await listing.products.list(query);
    expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    return answer;
  };

  it('shows the other instance’s edits, renames, event changes and deletions at once', async () => {
    const category = await addCategory(changing, 'Lighting');
    const shelf = await addSubcategory(changing, category, 'Lamps');
    const id = await addProduct(changing, shelf, { title: 'Brass desk lantern' });
    expect((await listed({ q: 'lantern' })).data?.map((product) => product.title)).toEqual([
      'Brass desk lantern',
    ]);

    const renamed = productData(shelf, { title: 'Brass desk lamp', event: 'Trending' });
    expect((await changing.products.update({ id, productData: renamed })).status).toBe(true);
    expect((await listed({ q: 'lantern' })).totalRecord).toBe(0);
    expect(await listed({ q: 'lamp', events: ['Trending'] })).toMatchObject({
      totalRecord: 1,
      data: [{ _id: id, title: 'Brass desk lamp', events: 'Trending' }],
    });

    expect((await changing.categories.edit({ id: category._id, name: 'Lights' })).status).toBe(
      true,
    );
    expect((await listed({ q: 'lamp' })).data?.[0]?.category).toEqual({
      _id: category._id,
      name: 'Lights',
    });

    await changing.products.updateEvents({ id: [id], event: 'Best Deals' });
    expect((await listed({ q: 'lamp', events: ['Trending'] })).totalRecord).toBe(0);
    expect((await listed({ q: 'lamp' })).data?.[0]?.events).toBe('Best Deals');

    await changing.products.remove({ id: [id] });
    expect(await listed({ q: 'lamp' })).toMatchObject({ totalRecord: 0, data: [] });
  });

  it('answers views and clicks as counted now, however long the page is kept', async () => {
    const shelf = await addSubcategory(changing, await addCategory(changing));
    const id = await addProduct(changing, shelf, { title: 'Copper kettle' });
    expect((await listed({ q: 'kettle' })).data?.[0]).toMatchObject({ view: 0, btn_click: 0 });
    const tracked = await changing.tracking.track({
      events: [
        { kind: 'product', id, event: 'view' },
        { kind: 'product', id, event: 'view' },
        { kind: 'product', id, event: 'click' },
      ],
    });
    expect(tracked.status).toBe(true);
    expect((await listed({ q: 'kettle' })).data?.[0]).toMatchObject({ view: 2, btn_click: 1 });
    expect((await listing.products.get({ id })).data).toMatchObject({ view: 2, btn_click: 1 });
  });
});
