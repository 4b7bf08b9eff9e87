// CLI: how fast `dealdesk --help` starts, scraping 100 local pages with --concurrency 5 (an administrator's share of the scrape queue), and
// setting an event on 10,000 products (found by a search, and given as ids on stdin), each
// timed as a user sees it: the built CLI as a child process against the built server.
// Build first (`node_modules/.bin/tsc -b`), then `node bench/cli/run.mjs`.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnvironment, machine, percentile, round, startServerProcess } from '../lib.mjs';
import { apiToken, cliEnvironment, png, resultsDir, timeCli } from './support.mjs';

const settings = {
  helpRuns: 15,
  pages: 100,
  concurrency: 5,
  products: Number(process.env.BENCH_PRODUCTS ?? 10_000),
};

const fixtures = fileURLToPath(
  new URL('../../server/src/modules/products/scraping/fixtures/generic/', import.meta.url),
);

/** The saved generic pages, served under /p/<n>.html so each URL is a page of its own. */
async function startShop() {
  const pages = readdirSync(fixtures).map((name) => readFileSync(join(fixtures, name)));
  const server = createServer((request, response) => {
    const number = Number(/\/p\/(\d+)\.html/.exec(request.url ?? '')?.[1] ?? 0);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(pages[number % pages.length]);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: (path) => `http://127.0.0.1:${server.address().port}${path}`, server };
}

/** 10,000 products through the create call, 16 at a time (setup, not measured). */
async function seedProducts(api) {
  const name = 'Bench';
  const check = (answer) => {
    if (!answer.status) throw new Error(answer.message);
    return answer;
  };
  check(await api.categories.add({ name, image: png(), bg_image: png() }));
  const category = check(await api.categories.list()).data.find((item) => item.name === name);
  check(await api.subcategories.add({ name, categoryId: category._id, image: png() }));
  const subcategory = check(await api.subcategories.byCategory({ id: category._id })).data[0];
  let next = 0;
  const worker = async () => {
    while (next < settings.products) {
      const index = next++;
      check(
        await api.products.create({
          productData: {
            productDetails: {
              title: `Festival lantern ${index}`,
              price: 199,
              og_price: 299,
              og_url: `https://shop.example.com/p/${index}`,
              category: category._id,
              subcategory: subcategory._id,
              availableSizes: ['S', 'M'],
              specifications: {},
            },
            events: 'None',
            btn_url: '',
          },
          imageUrls: [`https://shop.example.com/i/${index}.jpg`],
          images: [],
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

const env = { ...benchEnvironment('cli'), DEALDESK_SCRAPE_ALLOW_HOSTS: '127.0.0.1' };
const server = await startServerProcess(env);
const shop = await startShop();
try {
  const { api, token } = await apiToken(server.url, env);
  const cliEnv = cliEnvironment(server.url, env, token);

  // Node's own start, measured alongside: on a busy machine both grow, the difference does not.
  const helpTimes = [];
  const nodeTimes = [];
  for (let run = 0; run < settings.helpRuns; run += 1) {
    helpTimes.push((await timeCli(['--help'], cliEnv)).ms);
    nodeTimes.push((await timeCli(['0'], cliEnv, '', '-e')).ms);
  }
  helpTimes.sort((a, b) => a - b);
  nodeTimes.sort((a, b) => a - b);

  const urls = Array.from({ length: settings.pages }, (_, n) => shop.url(`/p/${n}.html`));
  const scrape = await timeCli(
    ['--json', 'products', 'scrape', '--file', '-', '--concurrency', String(settings.concurrency)],
    cliEnv,
    urls.join('\n'),
  );
  const scraped = JSON.parse(scrape.stdout);
  if (scraped.failed !== 0) throw new Error(`${scraped.failed} pages failed`);

  const seedStarted = performance.now();
  await seedProducts(api);
  const seedMs = performance.now() - seedStarted;

  const bySearch = await timeCli(
    ['--json', 'events', 'set', 'Trending', '--search', 'Festival lantern'],
    cliEnv,
  );
  const searchResult = JSON.parse(bySearch.stdout);
  if (searchResult.changed !== settings.products) throw new Error(bySearch.stdout);

  const ids = [];
  for (let page = 1; ids.length < settings.products; page += 1)
    ids.push(
      ...(await api.products.list({ q: 'Festival lantern', page, limit: 1000 })).data.map(
        (product) => product._id,
      ),
    );
  const byIds = await timeCli(
    ['--json', 'events', 'set', 'Best Deals', '--ids', '-'],
    cliEnv,
    ids.join('\n'),
  );
  if (JSON.parse(byIds.stdout).changed !== settings.products) throw new Error(byIds.stdout);

  const results = {
    machine: machine(),
    helpMedianMs: round(percentile(helpTimes, 0.5)),
    helpP90Ms: round(percentile(helpTimes, 0.9)),
    bareNodeMedianMs: round(percentile(nodeTimes, 0.5)),
    scrapePages: settings.pages,
    scrapeConcurrency: settings.concurrency,
    scrapeSeconds: round(scrape.ms / 1000, 2),
    eventProducts: settings.products,
    eventsBySearchSeconds: round(bySearch.ms / 1000, 2),
    eventsByIdsSeconds: round(byIds.ms / 1000, 2),
    seedSeconds: round(seedMs / 1000, 1),
  };
  console.table(results);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'cli.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  shop.server.close();
  await server.stop();
}
