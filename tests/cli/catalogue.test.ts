import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Subcategory } from '@dealdesk/core';
import {
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import {
  addCategory,
  addSubcategory,
  productData,
  png,
  signedInClient,
  type CatalogueClient,
} from '@dealdesk/server/testing';
import { startShop, type Shop } from '@dealdesk/server/testing';
import { freshConfigHome, jsonOf, runCli, serverEnv } from './support.js';

let database: TestDatabase;
let server: TestServer;
let shop: Shop;
let api: CatalogueClient;
let subcategory: Subcategory;
/** What a cron job has: the server, its keys and an API token; no saved session. */
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  database = await freshDatabase('sqlite');
  shop = await startShop();
  // The saved shop pages are served from 127.0.0.1, which the scraper refuses unless allowed.
  server = await startTestServer(testConfig(database, { scrapeAllowHosts: ['127.0.0.1'] }));
  api = await signedInClient(server);
  subcategory = await addSubcategory(api, await addCategory(api));
  const { token } = await api.admin.createToken({ name: 'catalogue e2e' });
  env = { ...serverEnv(server, await freshConfigHome()), DEALDESK_TOKEN: token ?? '' };
});
afterAll(async () => {
  await server.close();
  await shop.close();
  await database.drop();
});

async function productsTitled(q: string): Promise<Product[]> {
  return (await api.products.list({ q, limit: 1000 })).data ?? [];
}

async function addProducts(count: number, title: string): Promise<string[]> {
  for (let index = 0; index < count; index += 1) {
    const added = await api.products.create({
      productData: productData(subcategory, { title: `${title} ${index}` }),
      imageUrls: [],
      images: [png()],
    });
    if (!added.status) throw new Error(added.message);
  }
  return (await productsTitled(title)).map((product) => product._id);
}

interface ScrapeJson {
  status: boolean;
  total: number;
  failed: number;
  created: number;
  results: {
    url: string;
    ok: boolean;
    error?: string;
    scraped?: { productDetails: { title: string } };
    id?: string | null;
  }[];
}

describe('dealdesk products scrape', () => {
  it('scrapes pages, creates them as products, and lists a failing page with its reason (exit 1)', async () => {
    const urls = [shop.url('/generic/json-ld.html'), shop.url('/generic/microdata.html')];
    const broken = shop.url('/errors/not-a-product.html');
    const run = await runCli(
      [
        '--json',
        'products',
        'scrape',
        ...urls,
        broken,
        '--create',
        '--category',
        subcategory.category._id,
        '--subcategory',
        subcategory._id,
        '--event',
        'Trending',
        '--concurrency',
        '2',
      ],
      env,
    );
    expect(run.code).toBe(1);
    const outcome = jsonOf<ScrapeJson>(run);
    expect(outcome).toMatchObject({ status: false, total: 3, failed: 1, created: 2 });
    expect(outcome.results.map((result) => [result.url, result.ok])).toEqual([
      [urls[0], true],
      [urls[1], true],
      [broken, false],
    ]);
    expect(outcome.results[2]?.error).toBeTruthy();

    const created = await productsTitled('Handloom Cotton Dohar');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      og_url: urls[1],
      events: 'Trending',
      availableSizes: ['S', 'M', 'L', 'XL', 'XXL'],
      subcategory: { _id: subcategory._id },
    });
    expect(created[0]?.images.length).toBeGreaterThan(0);
    // Each created product's id is in the answer, on the line of its page.
    expect(outcome.results[1]?.id).toBe(created[0]?._id);
    expect(outcome.results[0]?.id).toMatch(/^[0-9a-f]{24}$/);
    expect(outcome.results[2]).not.toHaveProperty('id');
  });

  it('reads URLs from standard input and shows a summary table to people', async () => {
    const input = `# tonight's pages\n${shop.url('/generic/opengraph.html')}\n\nnot a url\n`;
    const run = await runCli(['products', 'scrape'], env, input);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Brass Diya Set of 4');
    expect(run.stdout).toMatch(/failed.*not a url.*Enter a valid URL to scrape/s);
    expect(run.stdout).toContain('1 of 2 scraped, 1 failed');
    // Nothing was created without --create.
    expect(await productsTitled('Brass Diya')).toEqual([]);
  });

  it('refuses --create without a category before scraping anything (exit 2)', async () => {
    const run = await runCli(
      ['products', 'scrape', shop.url('/generic/json-ld.html'), '--create'],
      env,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--create needs --category and --subcategory');
  });
});

describe('dealdesk events set', () => {
  it('sets an event on products chosen by id, and only prints the change in a dry run', async () => {
    const ids = await addProducts(3, 'Event by id');
    const chosen = ids.slice(0, 2);

    const dryRun = await runCli(
      ['--json', 'events', 'set', 'Best Deals', '--ids', ...chosen, '--dry-run'],
      env,
    );
    expect(dryRun.code).toBe(0);
    expect(jsonOf(dryRun)).toMatchObject({
      dryRun: true,
      event: 'Best Deals',
      changes: chosen.map((id) => ({ id, from: 'None' })),
    });
    expect(
      (await productsTitled('Event by id')).every((product) => product.events === 'None'),
    ).toBe(true);

    const run = await runCli(['events', 'set', 'Best Deals', '--ids', ...chosen], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 product(s) set to Best Deals');
    const events = Object.fromEntries(
      (await productsTitled('Event by id')).map((product) => [product._id, product.events]),
    );
    expect(events).toEqual({
      [ids[0] as string]: 'Best Deals',
      [ids[1] as string]: 'Best Deals',
      [ids[2] as string]: 'None',
    });
  });

  it("sets an event on every product a search finds, accepting the event screen's 'Now Launch'", async () => {
    await addProducts(4, 'Lantern festival');
    const dryRun = await runCli(
      ['events', 'set', 'Now Launch', '--search', 'Lantern festival', '--dry-run'],
      env,
    );
    expect(dryRun.stderr).toContain('Dry run: 4 product(s) would be set to Now Launch');

    const run = await runCli(
      ['--json', 'events', 'set', 'Now Launch', '--search', 'Lantern festival'],
      env,
    );
    expect(jsonOf(run)).toMatchObject({
      status: true,
      event: 'New Launch',
      changed: 4,
      unchanged: 0,
    });
    expect((await productsTitled('Lantern festival')).map((product) => product.events)).toEqual(
      Array(4).fill('New Launch'),
    );
    // Again: nothing left to change.
    const again = await runCli(
      ['--json', 'events', 'set', 'New Launch', '--search', 'Lantern festival'],
      env,
    );
    expect(jsonOf(again)).toMatchObject({ changed: 0, unchanged: 4 });
  });

  it('refuses an unknown event or no choice of products (exit 2)', async () => {
    const unknown = await runCli(['events', 'set', 'Big Sale', '--search', 'x'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'The event must be Best Deals, Trending, New Launch (Now Launch) or None',
    );
    const none = await runCli(['events', 'set', 'Trending'], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Please select products to update');
  });
});

describe('dealdesk products list, show and delete', () => {
  it('lists with search, shows one, and deletes only with --yes when not at a terminal', async () => {
    const [first, second] = await addProducts(2, 'Copper bottle');
    const listed = jsonOf<{ data: Product[]; totalRecord: number }>(
      await runCli(['--json', 'products', 'list', '--search', 'Copper bottle'], env),
    );
    expect(listed.totalRecord).toBe(2);
    const shown = await runCli(['products', 'show', first as string], env);
    // Piped: tab-separated field and value rows, for `cut -f2`.
    expect(shown.stdout).toContain(`\nid\t${first}\n`);
    expect(shown.stdout).toMatch(/\ntitle\tCopper bottle [01]\n/);
    expect(shown.stdout).not.toContain('│');

    const refused = await runCli(['products', 'delete', first as string, second as string], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('without --yes');
    expect(await productsTitled('Copper bottle')).toHaveLength(2);

    expect(
      (await runCli(['products', 'delete', first as string, second as string, '--yes'], env)).code,
    ).toBe(0);
    expect(await productsTitled('Copper bottle')).toEqual([]);
    const gone = await runCli(['products', 'show', first as string], env);
    expect(gone.code).toBe(1);
  });
});
