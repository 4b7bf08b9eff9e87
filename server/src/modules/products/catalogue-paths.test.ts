// Every path answers alike, over HTTP on each dialect: the admin list, the app's products and
// the event update, from the search index in memory and from the database (a server over the
// same database with DEALDESK_CATALOGUE_MEMORY_PRODUCTS=0), as products are imported while the
// servers run, a category is renamed, products are deleted, and after a restart. And the memory
// limit is one rule: a catalogue over it at start, or grown over it by an import, is searched by
// the database, and /metrics says so.
import type { ApiClient, ProductRowRequest, Subcategory } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
  addSubcategory,
  signedInClient,
  type CatalogueClient,
} from './catalogue-fixtures.js';

const words = ['cotton', 'copper', 'café', 'lamp', 'lampshade', 'desk', 'x1'];
const events = ['Best Deals', 'Trending', 'New Launch', 'None'] as const;

/** Waits out the app's answers (they follow the catalogue's counter every 20 ms here). */
const eventually = { timeout: 15_000, interval: 20 };

let imported = 0;
/** `count` feed rows spread over the shelves, words and events (a page of their own each). */
const feed = (shelves: readonly Subcategory[], count: number): ProductRowRequest[] =>
  Array.from({ length: count }, () => {
    imported += 1;
    const at = imported;
    const shelf = shelves[at % shelves.length] as Subcategory;
    return {
      title: `${words[at % words.length] ?? ''} ${words[(at * 3) % words.length] ?? ''} ${at}`,
      price: 100 + at,
      og_price: 200 + at,
      og_url: `https://shop.example.com/p/${at}-${Math.random().toString(36).slice(2, 8)}`,
      category: shelf.category._id,
      subcategory: shelf._id,
      events: events[at % events.length],
      specifications: { Material: words[(at * 5) % words.length] ?? '' },
      images: ['https://cdn.example.com/product.jpg'],
    };
  });

/** What /metrics says of the catalogue memory: products held, and whether it is over its limit. */
async function catalogueMemory(server: TestServer) {
  const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics)?.[1]);
  return {
    products: gauge('dealdesk_catalogue_memory_products'),
    overLimit: gauge('dealdesk_catalogue_memory_over_limit'),
    loads: gauge('dealdesk_catalogue_memory_loads'),
  };
}

describe.each(dialects)('the catalogue from every path on %s', (dialect) => {
  let database: TestDatabase;
  /** Answers from memory (up to `limit` products), and from the database alone. */
  let fromMemory: TestServer;
  let fromDatabase: TestServer;
  let memoryAdmin: CatalogueClient;
  let databaseAdmin: CatalogueClient;
  let shelves: Subcategory[];
  const limit = 60;
  const config = (catalogueMemoryProducts: number) =>
    testConfig(database, { contentPollMs: 20, catalogueMemoryProducts });

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    fromMemory = await startTestServer(config(limit));
    fromDatabase = await startTestServer(config(0));
    [memoryAdmin, databaseAdmin] = (await Promise.all(
      [fromMemory, fromDatabase].map((server) => signedInClient(server)),
    )) as [CatalogueClient, CatalogueClient];
    const [kitchen, study] = [await addCategory(memoryAdmin), await addCategory(memoryAdmin)];
    shelves = [
      await addSubcategory(memoryAdmin, kitchen),
      await addSubcategory(memoryAdmin, kitchen),
      await addSubcategory(memoryAdmin, study),
    ];
    expect(await memoryAdmin.products.bulk({ products: feed(shelves, 40) })).toMatchObject({
      status: true,
      created: 40,
    });
  });
  afterAll(async () => {
    await Promise.all([fromMemory.close(), fromDatabase.close()]);
    await database.drop();
  });

  /** Admin list queries: words and prefixes, each filter, pages. */
  const listQueries = () => {
    const [first, second, third] = shelves as [Subcategory, Subcategory, Subcategory];
    return [
      {},
      { q: 'cotton' },
      { q: 'COP', events: ['Trending' as const] },
      { q: 'lamp desk', categories: [first.category._id] },
      { categories: [third.category._id], events: ['None' as const, 'Best Deals' as const] },
      { subCategories: [second._id], limit: 5, page: 2 },
      { q: 'caf', subCategories: [first._id, third._id], limit: 3 },
      { q: '%' },
      { limit: 7, page: 3 },
    ];
  };

  /** The app's pages: a search, each filter, and the page after a cursor. */
  const appAnswers = async (app: ApiClient) => {
    const [first] = shelves as [Subcategory];
    const answers = [];
    for (const query of [
      { q: 'cotton', limit: 5 },
      { category: first.category._id, event: 'Trending' as const },
      { subcategory: first._id, q: 'la' },
      { limit: 4 },
    ]) {
      const answer = await app.app.products(query);
      answers.push(answer.data, answer.total, answer.totalIsLowerBound);
      if (answer.nextCursor)
        answers.push((await app.app.products({ ...query, cursor: answer.nextCursor })).data);
    }
    return answers;
  };

  /** Both servers answer alike, the memory holding `held` products (0: over its limit). */
  const expectSameAnswers = async (held: number) => {
    await vi.waitFor(async () => {
      await memoryAdmin.products.list({});
      expect(await catalogueMemory(fromMemory)).toMatchObject({
        products: held,
        overLimit: held === 0 ? 1 : 0,
      });
    }, eventually);
    for (const query of listQueries()) {
      const [mine, theirs] = await Promise.all([
        memoryAdmin.products.list(query),
        databaseAdmin.products.list(query),
      ]);
      expect(mine.status, JSON.stringify(query)).toBe(true);
      expect({ data: mine.data, total: mine.totalRecord }, JSON.stringify(query)).toEqual({
        data: theirs.data,
        total: theirs.totalRecord,
      });
    }
    // The app's answers are kept a moment and follow the catalogue's counter: asked until alike.
    await vi.waitFor(async () => {
      expect(await appAnswers(clientFor(fromMemory))).toEqual(
        await appAnswers(clientFor(fromDatabase)),
      );
    }, eventually);
  };

  const productCount = async () =>
    (await databaseAdmin.products.list({ limit: 1 })).totalRecord ?? 0;

  it('answers alike from memory and from the database, as products are imported, renamed, retagged and deleted', async () => {
    await expectSameAnswers(40);
    // Imported through the other server while this one runs: followed, not loaded again.
    await databaseAdmin.products.bulk({ products: feed(shelves, 15) });
    await expectSameAnswers(55);
    const [first, second] = shelves as [Subcategory, Subcategory];
    const { loads } = await catalogueMemory(fromMemory);
    expect(loads).toBe(1);
    expect(
      (await databaseAdmin.categories.edit({ id: first.category._id, name: 'Renamed shelf' }))
        .status,
    ).toBe(true);
    expect(
      (
        await databaseAdmin.subcategories.edit({
          id: second._id,
          categoryId: second.category._id,
          name: 'Renamed place',
        })
      ).status,
    ).toBe(true);
    await expectSameAnswers(55);
    // Followed in place: the memory holds no names, so nothing is loaded again.
    expect((await catalogueMemory(fromMemory)).loads).toBe(loads);
    const ids = ((await databaseAdmin.products.list({ limit: 20 })).data ?? []).map(
      (product) => product._id,
    );
    expect(
      await memoryAdmin.products.updateEvents({ id: ids.slice(0, 12), event: 'Trending' }),
    ).toMatchObject({ status: true });
    expect(
      await databaseAdmin.products.updateEvents({ id: ids.slice(12), event: 'None' }),
    ).toMatchObject({ status: true });
    await expectSameAnswers(55);
    expect(await memoryAdmin.products.remove({ id: ids.slice(0, 5) })).toMatchObject({
      status: true,
    });
    await expectSameAnswers(50);
  });

  it('searches the database once an import takes the catalogue over the limit, as when it starts over it', async () => {
    const held = await productCount();
    await memoryAdmin.products.bulk({ products: feed(shelves, limit - held) });
    await expectSameAnswers(limit);
    // One more product than the limit, imported while the server runs.
    await databaseAdmin.products.bulk({ products: feed(shelves, 1) });
    await expectSameAnswers(0);
    // Started again over the same catalogue: the same rule, the same answers.
    await fromMemory.close();
    fromMemory = await startTestServer(config(limit));
    memoryAdmin = await signedInClient(fromMemory);
    await expectSameAnswers(0);
    // Started with room for it: loaded again, and alike.
    await fromMemory.close();
    fromMemory = await startTestServer(config(limit + 10));
    memoryAdmin = await signedInClient(fromMemory);
    await expectSameAnswers(limit + 1);
  });
});
