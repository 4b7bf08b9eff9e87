import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amazon } from './amazon.js';
import {
  createScraper,
  parseAllowHosts,
  ScrapeError,
  scrapeProduct,
  scrapeQueueLimits,
  type ScrapeOutcome,
} from './index.js';
import { startTestServer, type Route, type TestServer } from './test-server.js';

function productPage(name: string, price: number): string {
  const product = { '@context': 'https://schema.org', '@type': 'Product', name, offers: { price } };
  return `<html><head><script type="application/ld+json">${JSON.stringify(product)}</script></head></html>`;
}

let inFlight = 0;
let mostInFlight = 0;

/** A product page answered after `delayMs`, counting how many are being answered at once. */
function slowProduct(name: string, delayMs: number): Route {
  return (_request, response: ServerResponse) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      response.writeHead(200, { 'content-type': 'text/html' }).end(productPage(name, 100));
    }, delayMs);
  };
}

/** Pages held unanswered until the test releases them; once released, answered at once. */
const held: ServerResponse[] = [];
let released = false;
const hanging: Route = (_request, response) => {
  if (released)
    response.writeHead(200, { 'content-type': 'text/html' }).end(productPage('Held', 1));
  else held.push(response);
};
function release(): void {
  released = true;
  for (const response of held.splice(0))
    response.writeHead(200, { 'content-type': 'text/html' }).end(productPage('Held', 1));
}

let server: TestServer;

beforeAll(async () => {
  const slow: Record<string, Route> = {};
  // The first pages are the slowest, so they finish last.
  for (let index = 0; index < 6; index += 1)
    slow[`/slow/${index}`] = slowProduct(`Item ${index}`, (6 - index) * 25);
  server = await startTestServer({
    ...slow,
    '/hanging': hanging,
    '/kurta': (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(productPage('Kurta', 799)),
    '/short-link': (_request, response) => response.writeHead(301, { location: '/kurta' }).end(),
  });
});

afterAll(() => server.close());

function reset(): void {
  inFlight = 0;
  mostInFlight = 0;
}

describe('scrapeMany', () => {
  it('answers in the order asked, with at most `concurrency` pages in flight', async () => {
    reset();
    const scraper = createScraper({ allowHosts: ['127.0.0.1'], concurrency: 2 });
    const urls = [0, 1, 2, 3, 4, 5].map((index) => server.url(`/slow/${index}`));
    const outcomes = await scraper.scrapeMany(urls);
    await scraper.close();
    expect(
      outcomes.map((outcome) =>
        outcome.ok ? outcome.result.productDetails.title : outcome.error.message,
      ),
    ).toEqual(['Item 0', 'Item 1', 'Item 2', 'Item 3', 'Item 4', 'Item 5']);
    expect(outcomes.map(({ url }) => url)).toEqual(urls);
    expect(mostInFlight).toBe(2);
  });

  it('shares the limit with single scrapes', async () => {
    reset();
    const scraper = createScraper({ allowHosts: ['127.0.0.1'], concurrency: 1 });
    await Promise.all([
      scraper.scrape(server.url('/slow/4')),
      scraper.scrape(server.url('/slow/5')),
      scraper.scrapeMany([server.url('/slow/3')]),
    ]);
    await scraper.close();
    expect(mostInFlight).toBe(1);
  });

  it('gives each address its own result or error', async () => {
    const scraper = createScraper({ allowHosts: ['127.0.0.1'], resolveExtractor: () => amazon });
    const outcomes = await scraper.scrapeMany([
      server.url('/amazon/product.html'),
      server.url('/amazon/captcha.html'),
      server.url('/no-such-page'),
      'ftp://files.example.in/catalogue',
      'http://169.254.169.254/latest/meta-data/',
      server.url('/errors/not-a-product.html'),
    ]);
    await scraper.close();
    const summary = outcomes.map((outcome: ScrapeOutcome) =>
      outcome.ok
        ? outcome.result.productDetails.price
        : [outcome.error.reason, outcome.error.statusCode],
    );
    expect(summary).toEqual([
      1299,
      ['robot-check', 502],
      ['http-status', 502],
      ['unsupported-scheme', 400],
      ['blocked-address', 400],
      ['not-a-product', 422],
    ]);
    expect(outcomes.every((outcome) => outcome.ok || outcome.error instanceof ScrapeError)).toBe(
      true,
    );
  });
});

describe('scrape', () => {
  it('chooses the extractor by the host the page finally came from', async () => {
    // A saved Amazon page served from 127.0.0.1 is not an Amazon page: the generic extractor
    // finds no price in it. The same page read as Amazon is a product.
    const byHost = createScraper({ allowHosts: ['127.0.0.1'] });
    await expect(byHost.scrape(server.url('/amazon/product.html'))).rejects.toMatchObject({
      reason: 'not-a-product',
    });
    await byHost.close();
    const seen: string[] = [];
    const asAmazon = createScraper({
      allowHosts: ['127.0.0.1'],
      resolveExtractor: (url) => {
        seen.push(url.pathname);
        return amazon;
      },
    });
    expect((await asAmazon.scrape(server.url('/short-link'))).productDetails.title).toBe('Kurta');
    await asAmazon.close();
    expect(seen).toEqual(['/kurta']);
  });

  it('refuses 127.0.0.1 unless it is allow-listed', async () => {
    await expect(scrapeProduct(server.url('/kurta'))).rejects.toMatchObject({
      reason: 'blocked-address',
    });
    expect(
      await scrapeProduct(server.url('/kurta'), { allowHosts: parseAllowHosts('127.0.0.1') }),
    ).toEqual({
      productDetails: {
        title: 'Kurta',
        price: 799,
        og_price: 799,
        rating: '0',
        ratingsAndReviews: '0 Ratings, 0 Reviews',
        deliveryInfo: 'Standard Delivery',
        specifications: {},
      },
      images: [],
    });
  });

  it('applies the timeout it was given', async () => {
    await expect(
      scrapeProduct(server.url('/slow/0'), { allowHosts: ['127.0.0.1'], timeoutMs: 50 }),
    ).rejects.toMatchObject({ reason: 'timeout', statusCode: 504 });
  });
});

describe('the queue', () => {
  it('is bounded, gives each caller a share of it, and frees places as scrapes end', async () => {
    const scraper = createScraper({
      allowHosts: ['127.0.0.1'],
      concurrency: 1,
      maxWaiting: 2,
      maxPerCaller: 2,
    });
    const hang = (by: string) => scraper.scrape(server.url('/hanging'), { by });
    // admin-a takes its share: one page fetched (and hanging), one waiting.
    const heldByA = [hang('admin-a'), hang('admin-a')];
    await expect(hang('admin-a')).rejects.toMatchObject({
      reason: 'share-used',
      statusCode: 429,
      message:
        'You already have 2 scrapes waiting or running, the most one administrator can have at once. Please try again when one of them has finished.',
    });
    // Another admin still gets a place, the last one waiting.
    const heldByB = hang('admin-b');
    await expect(hang('admin-c')).rejects.toMatchObject({
      reason: 'queue-full',
      statusCode: 429,
      message: 'The scraper is busy: 2 scrapes are waiting. Please try again in a minute.',
    });
    // Scrapes without a caller count against the queue too.
    await expect(scraper.scrape(server.url('/kurta'))).rejects.toMatchObject({
      reason: 'queue-full',
    });

    release();
    const answers = await Promise.all([...heldByA, heldByB]);
    expect(answers.map((answer) => answer.productDetails.title)).toEqual(['Held', 'Held', 'Held']);
    // Every place is free again: admin-c gets one, admin-a its whole share.
    const again = await Promise.all([
      scraper.scrape(server.url('/kurta'), { by: 'admin-c' }),
      scraper.scrape(server.url('/kurta'), { by: 'admin-a' }),
      scraper.scrape(server.url('/kurta'), { by: 'admin-a' }),
    ]);
    expect(again.map((answer) => answer.productDetails.title)).toEqual(['Kurta', 'Kurta', 'Kurta']);
    await scraper.close();
  });

  it('gives a place back when the scrape fails', async () => {
    const scraper = createScraper({ allowHosts: ['127.0.0.1'], maxPerCaller: 1 });
    await expect(
      scraper.scrape('http://169.254.169.254/', { by: 'admin-a' }),
    ).rejects.toMatchObject({ reason: 'blocked-address' });
    await expect(
      scraper.scrape(server.url('/no-such-page'), { by: 'admin-a' }),
    ).rejects.toMatchObject({ reason: 'http-status' });
    expect(
      (await scraper.scrape(server.url('/kurta'), { by: 'admin-a' })).productDetails.title,
    ).toBe('Kurta');
    await scraper.close();
  });

  it('lets a long scrapeMany wait its turn instead of refusing it', async () => {
    const scraper = createScraper({
      allowHosts: ['127.0.0.1'],
      concurrency: 2,
      maxWaiting: 1,
      maxPerCaller: 2,
    });
    const outcomes = await scraper.scrapeMany(
      Array.from({ length: 8 }, () => server.url('/kurta')),
      { by: 'admin-a' },
    );
    await scraper.close();
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(8);
  });

  it('defaults to 20 waiting and 5 per administrator', () => {
    expect(scrapeQueueLimits).toEqual({ waiting: 20, perCaller: 5, retryAfterSeconds: 60 });
  });
});

describe('options', () => {
  it('reads DEALDESK_SCRAPE_ALLOW_HOSTS as names separated by commas or spaces', () => {
    expect(parseAllowHosts(' localhost, 127.0.0.1  intranet.shop.local,')).toEqual([
      'localhost',
      '127.0.0.1',
      'intranet.shop.local',
    ]);
    expect(parseAllowHosts(undefined)).toEqual([]);
  });

  it.each([
    { concurrency: 0 },
    { timeoutMs: 0 },
    { maxBytes: -1 },
    { timeoutMs: Number.NaN },
    { maxWaiting: 0 },
    { maxPerCaller: 1.5 },
  ])('refuses %j', (options) => {
    expect(() => createScraper(options)).toThrow(RangeError);
  });
});
