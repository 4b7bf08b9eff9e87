// The scrape queue behind POST /api/App/product/scraping: bounded, each administrator holding at
// most a share of it, places freed as scrapes end. The shop holds its pages until the test
// releases them, so nothing here waits for a timeout.
import type { ServerResponse } from 'node:http';
import { scrapeConcurrency } from '@dealdesk/core';
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
import type { CatalogueClient } from './catalogue-fixtures.js';
import { scrapeQueueLimits } from './scraping/index.js';
import { startTestServer as startShop, type TestServer as Shop } from './scraping/test-server.js';

const { waiting, perCaller, retryAfterSeconds } = scrapeQueueLimits;
const busy = `The scraper is busy: ${waiting} scrapes are waiting. Please try again in a minute.`;
const shareUsed = `You already have ${perCaller} scrapes waiting or running, the most one administrator can have at once. Please try again when one of them has finished.`;

function productPage(name: string): string {
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    offers: { price: 1 },
  };
  return `<html><head><script type="application/ld+json">${JSON.stringify(product)}</script></head></html>`;
}

type Answer = Awaited<ReturnType<CatalogueClient['products']['scrape']>>;

/** The first of `answers` to arrive; the others are still pending. */
function first(answers: readonly Promise<Answer>[]): Promise<Answer> {
  return Promise.race(answers);
}

describe.each(dialects)('the scrape queue on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let shop: Shop;
  const held: ServerResponse[] = [];
  let released = false;
  /** Answers every held page, and every later one at once. */
  const release = () => {
    released = true;
    for (const response of held.splice(0))
      response.writeHead(200, { 'content-type': 'text/html' }).end(productPage('Held'));
  };

  interface Admin {
    api: CatalogueClient;
    token: string;
  }
  const admins: Admin[] = [];

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    shop = await startShop({
      '/hanging': (_request, response) => {
        if (released)
          response.writeHead(200, { 'content-type': 'text/html' }).end(productPage('Held'));
        else held.push(response);
      },
      '/kurta': (_request, response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end(productPage('Kurta')),
    });
    server = await startTestServer(testConfig(database, { scrapeAllowHosts: ['127.0.0.1'] }));
    for (let count = 0; count < 6; count += 1) {
      const token = await signIn(server, await createTestAdmin(server));
      admins.push({ api: clientFor(server, () => token), token });
    }
  });
  afterAll(async () => {
    release();
    await server.close();
    await shop.close();
    await database.drop();
  });

  /** `count` scrapes of a page that hangs until released, all asked at once. */
  const hang = ({ api }: Admin, count: number) =>
    Array.from({ length: count }, () => api.products.scrape({ url: shop.url('/hanging') }));

  it('refuses past the bound with 429, shares it between admins, and frees places as scrapes end', async () => {
    const [a, b, c, d, e, f] = admins as [Admin, Admin, Admin, Admin, Admin, Admin];
    // The numbers below: 4 fetching and 20 waiting make 24 places, four shares of 5 and 4 more.
    expect([scrapeConcurrency.default, waiting, perCaller]).toEqual([4, 20, 5]);
    // Each of four admins asks for one scrape more than their share: that one is refused at
    // once, while the others hang (4 fetched, the rest waiting). So by the time the refusal
    // arrives the admin holds their whole share, and the next admin still gets places.
    const asked = new Map<Admin, Promise<Answer>[]>(); // every scrape asked, by admin
    for (const admin of [a, b, c, d]) {
      const answers = hang(admin, perCaller + 1);
      asked.set(admin, answers);
      expect(await first(answers)).toMatchObject({
        status: false,
        httpStatus: 429,
        message: shareUsed,
      });
    }
    // 20 places held, 4 of them fetching: 16 wait. Admin e fills the queue; its fifth is refused.
    const fromE = hang(e, perCaller);
    asked.set(e, fromE);
    expect(await first(fromE)).toMatchObject({ status: false, httpStatus: 429, message: busy });

    // Full: admin f, who holds nothing, is refused too, with a time to come back.
    const refused = await fetch(`${server.baseUrl}/api/App/product/scraping`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': server.config.apiKey,
        authorization: `Bearer ${f.token}`,
      },
      body: JSON.stringify({ url: shop.url('/kurta') }),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(retryAfterSeconds));
    expect(await f.api.products.scrape({ url: shop.url('/kurta') })).toMatchObject({
      httpStatus: 429,
      message: busy,
    });

    // The hanging pages end: every scrape that got a place answers the product.
    release();
    for (const answers of asked.values()) {
      const statuses = (await Promise.all(answers)).map((answer) => answer.httpStatus);
      // One refused each: past their share (a to d) or past the full queue (e).
      expect(statuses.filter((status) => status === 200)).toHaveLength(answers.length - 1);
      expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    }

    // Every place is free again: f gets one, a gets a whole share at once.
    expect(await f.api.products.scrape({ url: shop.url('/kurta') })).toMatchObject({
      status: true,
      httpStatus: 200,
      data: { productDetails: { title: 'Kurta' } },
    });
    const share = await Promise.all(
      Array.from({ length: perCaller }, () => a.api.products.scrape({ url: shop.url('/kurta') })),
    );
    expect(share.map((answer) => answer.httpStatus)).toEqual(Array(perCaller).fill(200));
  });
});
