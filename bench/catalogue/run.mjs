// Catalogue at scale: the admin product list with a search word and two filters (one category,
// one event), a page of 100 with its total, and the app's product page with a search and
// filters, answered by the built server in its own process over loopback, at 100,000 products
// and at 1,000,000 in the same run. Products arrive as a shop's feed would: `dealdesk products
// import` (the built CLI, calls of 5,000) of 100,000, measured; 900,000 more, measured right
// after; the server started again, measured again (time to ready included); then the bulk
// event update of 10,000 ids, and `dealdesk products export` of the whole catalogue (JSON Lines,
// the built CLI) with the server's RSS sampled throughout. Each measure: one request at a time (median answer), sustained
// keep-alive load from wrk with the server's CPU time per answer, and the server's RSS.
// Prints the ratio of CPU per answer at 1,000,000 to that at 100,000 against the goal (2.5).
// SQLite unless DATABASE_URL names an empty PostgreSQL database.
// Build first (`node_modules/.bin/tsc -b`), then `node bench/catalogue/run.mjs`.
import { buildApp, loadConfig } from '@dealdesk/server';
import { createApiClient, productEvents } from '@dealdesk/core';
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchEnvironment,
  cpuMeter,
  machine,
  percentile,
  report,
  round,
  rssBytes,
  startServerProcess,
  waitUntilIdle,
} from '../lib.mjs';
import { apiToken, cliEnvironment, timeCli } from '../cli/support.mjs';
import { vocabulary, syntheticProduct } from './catalogue-data.mjs';
import { catalogueShelves, pick, random } from './seed.mjs';
import { keepAliveClient, sustainedLoad } from './load.mjs';

const settings = {
  first: Number(process.env.BENCH_PRODUCTS ?? 100_000),
  large: Number(process.env.BENCH_PRODUCTS_LARGE ?? 1_000_000),
  requests: Number(process.env.BENCH_REQUESTS ?? 300),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 8),
  loadSeconds: Number(process.env.BENCH_SECONDS ?? 10),
  eventUpdateIds: 10_000,
  eventUpdateRuns: 5,
};
/** Products a feed file holds. */
const feedPart = 100_000;
const goals = { cpuRatio: 2.5, rssMb: 1024, readySeconds: 20, appRateShare: 0.4 };

// The server's own dependencies, found from its package.
const serverRequire = createRequire(
  fileURLToPath(new URL('../../server/package.json', import.meta.url)),
);

/** One search word (a material or a noun: 4 to 8% of the catalogue), one category, one event. */
const listPath = (categories) =>
  `/api/App/product?${new URLSearchParams({
    q: pick(random() < 0.5 ? vocabulary.materials : vocabulary.nouns),
    categories: pick(categories).id,
    events: pick(productEvents),
    limit: '100',
  })}`;

/** The app's page of 20 with the same kind of search and filters. */
const appPath = (categories) =>
  `/api/v1/app/products?${new URLSearchParams({
    q: pick(random() < 0.5 ? vocabulary.materials : vocabulary.nouns),
    category: pick(categories).id,
    event: pick(productEvents),
  })}`;

/** Writes products `from`..`from + count` as JSON Lines, as a feed gives them. */
async function feedFile(file, from, count, subcategories) {
  const out = createWriteStream(file);
  for (let index = from; index < from + count; index += 1) {
    const { productDetails, events, btn_url } = syntheticProduct(random, pick(subcategories));
    const row = {
      ...productDetails,
      og_url: `https://shop.example.com/p/${index}`,
      events,
      btn_url,
      images: ['https://cdn.example.com/product.jpg'],
    };
    if (!out.write(`${JSON.stringify(row)}\n`))
      await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve) => out.end(resolve));
}

/** Ids of `count` stored products drawn at random, read straight from the database. */
async function someProductIds(env, count) {
  let ids;
  if (env.DATABASE_URL) {
    const client = new (serverRequire('pg').Client)({ connectionString: env.DATABASE_URL });
    await client.connect();
    ids = (await client.query('SELECT id FROM products')).rows.map((row) => row.id);
    await client.end();
  } else {
    const Database = serverRequire('better-sqlite3');
    const db = new Database(join(env.DEALDESK_DATA_DIR, 'dealdesk.sqlite'), { readonly: true });
    ids = db
      .prepare('SELECT id FROM products')
      .all()
      .map((row) => row.id);
    db.close();
  }
  const drawn = new Set();
  while (drawn.size < Math.min(count, ids.length)) drawn.add(pick(ids));
  return [...drawn];
}

const median = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return round(percentile(sorted, 0.5), 2);
};

/** Seconds from starting the server until GET /ready answers 200. */
async function startUntilReady(env) {
  const started = performance.now();
  const server = await startServerProcess(env);
  for (;;) {
    const ready = await fetch(`${server.url}/ready`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (ready === 200) return { server, readySeconds: (performance.now() - started) / 1000 };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The server process's RSS in two parts: anonymous (its heap, V8's and malloc's) and file-backed
 * (the node binary and SQLite's memory-mapped database file, which the kernel may drop).
 */
function rssParts(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field) =>
    round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024, 0);
  return { anonymousMb: mb('RssAnon'), fileMb: mb('RssFile') };
}

/** The server's RSS every 100 ms until stopped: the lowest and the highest seen. */
function rssSampler(pid) {
  const seen = { lowest: Infinity, highest: 0 };
  const sample = () => {
    const bytes = rssBytes(pid);
    seen.lowest = Math.min(seen.lowest, bytes);
    seen.highest = Math.max(seen.highest, bytes);
  };
  sample();
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return {
      lowestMb: round(seen.lowest / 1024 ** 2, 0),
      peakMb: round(seen.highest / 1024 ** 2, 0),
    };
  };
}

/** `dealdesk products export` of every product to a file: its time, size and the server's RSS. */
async function exportAll(server, env, token) {
  await waitUntilIdle(server.pid);
  const before = round(rssBytes(server.pid) / 1024 ** 2, 0);
  const file = join(env.DEALDESK_DATA_DIR, 'export.jsonl');
  const sampled = rssSampler(server.pid);
  const run = await timeCli(
    ['products', 'export', '--format', 'jsonl', '-o', file],
    cliEnvironment(server.url, env, token),
  );
  const rss = sampled();
  return {
    seconds: round(run.ms / 1000, 1),
    megabytes: round(statSync(file).size / 1024 ** 2, 0),
    serverRssMb: { before, ...rss },
  };
}

/** The list and the app's page at this size: answer times, sustained rate, CPU, RSS. */
async function measure(server, headers, appHeaders, categories) {
  await waitUntilIdle(server.pid);
  const http = keepAliveClient({ baseUrl: server.url, headers });
  for (let n = 0; n < 50; n += 1) await http.get(listPath(categories));
  const answerTimes = [];
  for (let n = 0; n < settings.requests; n += 1) {
    const started = performance.now();
    const status = await http.get(listPath(categories));
    answerTimes.push(performance.now() - started);
    if (status !== 200) throw new Error(`the list answered ${status}`);
  }
  http.close();
  const sustained = async (paths, headersSent) => {
    const cpu = cpuMeter(server.pid);
    const run = await sustainedLoad({
      baseUrl: server.url,
      headers: headersSent,
      paths,
      connections: settings.connections,
      seconds: settings.loadSeconds,
    });
    if (run.failed > 0) throw new Error(`${run.failed} answers failed`);
    return {
      answersPerSecond: round(run.perSecond, 0),
      serverCpuMsPerAnswer: round((cpu() * 1000) / run.requests, 3),
    };
  };
  const paths = (of, count) => Array.from({ length: count }, () => of(categories));
  return {
    listAnswerMedianMs: median(answerTimes),
    list: await sustained(paths(listPath, 2_000), headers),
    // Distinct searches, more than the content cache keeps: the app's page as first asked.
    appProducts: await sustained(paths(appPath, 20_000), appHeaders),
    serverRssMb: round(rssBytes(server.pid) / 1024 ** 2, 0),
    serverRssParts: rssParts(server.pid),
  };
}

async function main() {
  // Answer checks off (NODE_ENV=production), as deployed and as the other server benches run.
  const env = { ...benchEnvironment('catalogue'), NODE_ENV: 'production' };
  const config = loadConfig(env);
  const { categories, subcategories } = catalogueShelves();
  const app = await buildApp(config);
  await app.dealdesk.context.db.insertInto('categories').values(categories).execute();
  await app.dealdesk.context.db.insertInto('subcategories').values(subcategories).execute();
  await app.close();

  let { server } = await startUntilReady(env);
  try {
    const { token } = await apiToken(server.url, env);
    const headers = { 'x-api-key': config.apiKey, authorization: `Bearer ${token}` };
    const appHeaders = { 'x-api-key': config.apiKey };
    const feed = join(env.DEALDESK_DATA_DIR, 'feed.jsonl');
    // A file of 100,000 at a time, as a feed's parts arrive (the CLI reads a file whole).
    const importFeed = async (from, count) => {
      let ms = 0;
      for (let at = from; at < from + count; at += feedPart) {
        const part = Math.min(feedPart, from + count - at);
        await feedFile(feed, at, part, subcategories);
        const run = await timeCli(
          ['--json', 'products', 'import', feed],
          cliEnvironment(server.url, env, token),
        );
        const { created } = JSON.parse(run.stdout);
        if (created !== part) throw new Error(`created ${created} of ${part}`);
        ms += run.ms;
      }
      return { products: count, perSecond: round(count / (ms / 1000), 0) };
    };

    const imports = [await importFeed(0, settings.first)];
    const small = await measure(server, headers, appHeaders, categories);
    imports.push(await importFeed(settings.first, settings.large - settings.first));
    const afterImport = await measure(server, headers, appHeaders, categories);
    await server.stop();
    const restarted = await startUntilReady(env);
    server = restarted.server;
    const afterRestart = await measure(server, headers, appHeaders, categories);

    const api = createApiClient({
      baseUrl: server.url,
      apiKey: config.apiKey,
      secret: config.secret,
      token,
    });
    const updates = [];
    for (let run = 0; run < settings.eventUpdateRuns; run += 1) {
      const id = await someProductIds(env, settings.eventUpdateIds);
      const started = performance.now();
      const answer = await api.products.updateEvents({
        id,
        event: productEvents[run % productEvents.length],
      });
      updates.push(performance.now() - started);
      if (!answer.status) throw new Error(answer.message);
    }

    const exported = await exportAll(server, env, token);

    const cpuRatio = (large) =>
      round(large.list.serverCpuMsPerAnswer / small.list.serverCpuMsPerAnswer, 2);
    const appShare = (large) =>
      round(large.appProducts.answersPerSecond / small.appProducts.answersPerSecond, 2);
    report('catalogue', {
      storage: env.DATABASE_URL ? 'PostgreSQL' : 'SQLite',
      machine: machine(),
      loadAverage: loadavg().map((value) => round(value, 1)),
      connections: settings.connections,
      imports,
      [`at ${settings.first}`]: small,
      [`at ${settings.large}, right after the import`]: afterImport,
      [`at ${settings.large}, after a restart`]: {
        readySeconds: round(restarted.readySeconds, 1),
        ...afterRestart,
      },
      eventUpdateOf10000IdsMs: { median: median(updates), max: round(Math.max(...updates), 0) },
      [`export of ${settings.large}`]: exported,
      goals: {
        listCpuRatioAfterImport: `${cpuRatio(afterImport)} (≤ ${goals.cpuRatio})`,
        listCpuRatioAfterRestart: `${cpuRatio(afterRestart)} (≤ ${goals.cpuRatio})`,
        appRateShareAfterImport: `${appShare(afterImport)} (≥ ${goals.appRateShare})`,
        appRateShareAfterRestart: `${appShare(afterRestart)} (≥ ${goals.appRateShare})`,
        rssMbAtLarge: `${Math.max(afterImport.serverRssMb, afterRestart.serverRssMb)} (≤ ${goals.rssMb})`,
        readySeconds: `${round(restarted.readySeconds, 1)} (≤ ${goals.readySeconds})`,
        eventUpdateMedianMs: `${median(updates)} (≤ 1000)`,
        exportPeakRssMb: `${exported.serverRssMb.peakMb} (≤ ${goals.rssMb})`,
      },
    });
  } finally {
    await server.stop();
  }
}

await main();
