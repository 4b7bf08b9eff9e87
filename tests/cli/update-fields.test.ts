// Updates change only what they are given, the built CLI against a real server: a supplier's
// price feed (og_url and prices only) imported with --on-existing update keeps each product's
// event, rating, specifications and link; a page scraped again with --on-existing update and no
// --event keeps the campaign and the place; --on-existing replace still writes the row whole.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Subcategory } from '@dealdesk/core';
import {
  addCategory,
  addSubcategory,
  freshDatabase,
  signedInClient,
  startShop,
  startTestServer,
  testConfig,
  type CatalogueClient,
  type Shop,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import { buildCli, freshConfigHome, jsonOf, runBuiltCli, serverEnv } from './support.js';

let database: TestDatabase;
let server: TestServer;
let shop: Shop;
let api: CatalogueClient;
let subcategory: Subcategory;
let env: NodeJS.ProcessEnv;
let folder: string;

beforeAll(async () => {
  buildCli();
  database = await freshDatabase('sqlite');
  shop = await startShop();
  server = await startTestServer(testConfig(database, { scrapeAllowHosts: ['127.0.0.1'] }));
  api = await signedInClient(server);
  subcategory = await addSubcategory(api, await addCategory(api));
  const { token } = await api.admin.createToken({ name: 'update e2e' });
  folder = await freshConfigHome();
  env = { ...serverEnv(server, folder), DEALDESK_TOKEN: token ?? '' };
});
afterAll(async () => {
  await server.close();
  await shop.close();
  await database.drop();
});

/** A product in a campaign at `page`, rated, specified, with its own button link. */
async function campaignProduct(page: string): Promise<Product> {
  const answer = await api.products.bulk({
    products: [
      {
        title: 'Campaign dohar',
        price: 499,
        og_price: 999,
        og_url: page,
        category: subcategory.category._id,
        subcategory: subcategory._id,
        images: ['https://cdn.example.com/dohar.jpg'],
        events: 'Trending',
        rating: '4.5',
        specifications: { Fabric: 'Cotton' },
        btn_url: 'https://shop.example.com/buy',
      },
    ],
  });
  const product = (await api.products.get({ id: answer.results?.[0]?._id ?? '' })).data;
  if (product === undefined) throw new Error(answer.message);
  return product;
}

const productOf = async (id: string) => (await api.products.get({ id })).data;

describe('--on-existing update changes only what it is given', () => {
  it('products import: a price feed keeps the event, rating, specifications and link', async () => {
    const before = await campaignProduct('https://shop.example.com/feed/1');
    const feed = join(folder, 'prices.csv');
    await writeFile(feed, `og_url,price,og_price\r\n${before.og_url},399,899\r\n`);
    const run = await runBuiltCli(
      ['--json', 'products', 'import', feed, '--on-existing', 'update'],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf(run)).toMatchObject({ status: true, updated: 1, failed: 0 });
    expect(await productOf(before._id)).toEqual({ ...before, price: 399, og_price: 899 });
  });

  it('products import --on-existing replace writes the row whole, as before', async () => {
    const before = await campaignProduct('https://shop.example.com/feed/2');
    const row = {
      title: 'Replaced dohar',
      price: 399,
      og_price: 899,
      og_url: before.og_url,
      category: subcategory.category._id,
      subcategory: subcategory._id,
      images: ['https://cdn.example.com/dohar.jpg'],
    };
    const file = join(folder, 'whole.jsonl');
    await writeFile(file, JSON.stringify(row));
    const run = await runBuiltCli(['products', 'import', file, '--on-existing', 'replace'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(await productOf(before._id)).toMatchObject({ events: 'None', specifications: {} });
  });

  it('products scrape --create without --event keeps the campaign, with it sets the event', async () => {
    const url = shop.url('/generic/microdata.html');
    const before = await campaignProduct(url);
    const args = [
      '--json',
      'products',
      'scrape',
      url,
      '--create',
      '--category',
      subcategory.category._id,
      '--subcategory',
      subcategory._id,
      '--on-existing',
      'update',
    ];
    const run = await runBuiltCli(args, env);
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf(run)).toMatchObject({ updated: 1, created: 0 });
    const scraped = await productOf(before._id);
    expect(scraped?.title).not.toBe(before.title);
    expect(scraped).toMatchObject({
      events: 'Trending',
      btn_url: before.btn_url,
      availableSizes: before.availableSizes,
      category: before.category,
    });

    const withEvent = await runBuiltCli([...args, '--event', 'Best Deals'], env);
    expect(withEvent.code, withEvent.stderr).toBe(0);
    expect((await productOf(before._id))?.events).toBe('Best Deals');
  });
});
