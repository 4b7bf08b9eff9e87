import { endpoints, productMessages } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { signedInClient, type CatalogueClient } from './catalogue-fixtures.js';
import { startTestServer as startShop, type TestServer as Shop } from './scraping/test-server.js';

describe.each(dialects)('POST /api/App/product/scraping on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let shop: Shop;
  let api: CatalogueClient;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    shop = await startShop({
      '/moved': (_request, response) =>
        response.writeHead(302, { location: '/generic/json-ld.html' }).end(),
    });
    // The saved pages come from 127.0.0.1, which the scraper only fetches when allowed.
    server = await startTestServer(testConfig(database, { scrapeAllowHosts: ['127.0.0.1'] }));
    api = await signedInClient(server);
  });
  afterAll(async () => {
    await server.close();
    await shop.close();
    await database.drop();
  });

  it('answers the scraped product of a shop page, following redirects', async () => {
    for (const path of ['/generic/json-ld.html', '/moved']) {
      const answer = await api.products.scrape({ url: shop.url(path) });
      expect(answer).toMatchObject({
        status: true,
        message: endpoints.products.scrape.message,
        httpStatus: 200,
      });
      expect(answer.data?.productDetails).toEqual({
        title: 'Assam Tea & Tulsi Gift Box',
        price: 1099,
        og_price: 1499,
        rating: '4.3',
        ratingsAndReviews: '214 Ratings, 37 Reviews',
        deliveryInfo: 'Standard Delivery',
        specifications: {
          Brand: 'Chai Point',
          Colour: 'Green',
          'Net Weight': '300 g',
          'Shelf Life': '18 months',
        },
      });
      expect(answer.data?.images).toHaveLength(3);
    }
  });

  it.each([
    ['a page without a product', '/errors/not-a-product.html', 422],
    ['an answer that is not HTML', '/errors/product.json', 415],
    ['a page the shop does not have', '/no/such/page.html', 502],
  ])("answers the scraper's failure for %s", async (_label, path, httpStatus) => {
    const answer = await api.products.scrape({ url: shop.url(path) });
    expect(answer).toMatchObject({ status: false, httpStatus });
    expect(answer.message).not.toBe('');
    expect(answer).not.toHaveProperty('data');
  });

  it('refuses an address on this machine that is not allow-listed', async () => {
    const answer = await api.products.scrape({
      url: `http://localhost:${shop.port}/generic/json-ld.html`,
    });
    expect(answer).toMatchObject({ status: false, httpStatus: 400 });
  });

  it('needs an address, and a web one', async () => {
    expect(await api.products.scrape({ url: ' ' })).toMatchObject({
      status: false,
      message: productMessages.scrapeUrl,
      httpStatus: 400,
    });
    expect(await api.products.scrape({ url: 'ftp://shop.example.com/p/1' })).toMatchObject({
      message: productMessages.scrapeUrlInvalid,
      httpStatus: 400,
    });
  });

  it('needs a signed-in admin', async () => {
    const answer = await clientFor(server).products.scrape({
      url: shop.url('/generic/json-ld.html'),
    });
    expect(answer.httpStatus).toBe(401);
  });
});
