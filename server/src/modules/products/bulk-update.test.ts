// The bulk import's update through real HTTP on each dialect: a row changes only the fields it
// gives (og_url and any others), the product's before and after in the audit log; replace keeps
// writing the row whole; a row meeting no product must be whole, and a merge that breaks a rule
// is refused by its row, writing nothing.
import { productMessages, type Subcategory } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
  uniqueName,
  type CatalogueClient,
} from './catalogue-fixtures.js';

let pages = 0;
const newPage = () => {
  pages += 1;
  return `https://shop.example.com/update/${pages}-${Math.random().toString(36).slice(2, 8)}`;
};

describe.each(dialects)('the bulk update on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: CatalogueClient;
  let shirts: Subcategory;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
    shirts = await addSubcategory(api, await addCategory(api));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  /** A product in a campaign, rated, specified, with its own button link. */
  async function campaignProduct() {
    const page = newPage();
    const answer = await api.products.bulk({
      products: [
        {
          title: uniqueName('Campaign shirt'),
          price: 499,
          og_price: 999,
          og_url: page,
          category: shirts.category._id,
          subcategory: shirts._id,
          images: ['https://cdn.example.com/shirt.jpg'],
          events: 'Trending',
          rating: '4.5',
          specifications: { Fabric: 'Linen' },
          btn_url: 'https://shop.example.com/buy',
        },
      ],
    });
    const id = answer.results?.[0]?._id ?? '';
    const product = (await api.products.get({ id })).data;
    if (product === undefined) throw new Error(answer.message);
    return product;
  }

  it('with onExisting update, changes only the fields a row gives, before and after audited', async () => {
    const before = await campaignProduct();
    const answer = await api.products.bulk({
      onExisting: 'update',
      products: [{ og_url: before.og_url, price: 399, og_price: 899 }],
    });
    expect(answer).toMatchObject({ status: true, created: 0, updated: 1, skipped: 0 });
    const after = (await api.products.get({ id: before._id })).data;
    expect(after).toEqual({ ...before, price: 399, og_price: 899 });

    const { db } = server.app.dealdesk.context;
    const entries = await db
      .selectFrom('audit_log')
      .where('item_id', '=', before._id)
      .where('action', '=', 'update')
      .selectAll()
      .execute();
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    // The entry holds the fields that changed, as they were and as they are.
    expect(JSON.parse(entry?.before ?? '{}')).toEqual({ price: 499, og_price: 999 });
    expect(JSON.parse(entry?.after ?? '{}')).toEqual({ price: 399, og_price: 899 });
  });

  it('with onExisting replace, writes the row whole as before (defaults for what it leaves out)', async () => {
    const before = await campaignProduct();
    const answer = await api.products.bulk({
      onExisting: 'replace',
      products: [
        {
          title: 'Replaced shirt',
          price: 399,
          og_price: 899,
          og_url: before.og_url,
          category: shirts.category._id,
          subcategory: shirts._id,
          images: ['https://cdn.example.com/shirt.jpg'],
        },
      ],
    });
    expect(answer).toMatchObject({ status: true, updated: 1 });
    expect((await api.products.get({ id: before._id })).data).toMatchObject({
      title: 'Replaced shirt',
      events: 'None',
      specifications: {},
      btn_url: before.og_url,
    });
  });

  it('refuses by its row an update meeting no product without a whole row, and a merge breaking a rule', async () => {
    const before = await campaignProduct();
    const answer = await api.products.bulk({
      onExisting: 'update',
      products: [
        { og_url: before.og_url, title: 'Fine' },
        { og_url: newPage(), price: 10 },
        { og_url: before.og_url, price: 5_000 },
      ],
    });
    expect(answer).toMatchObject({
      status: false,
      httpStatus: 400,
      message: `Row 2: title: ${productMessages.required}; Row 3: og_price: ${productMessages.ogPriceMin}. Nothing was imported`,
    });
    expect((await api.products.get({ id: before._id })).data).toEqual(before);
  });
});
