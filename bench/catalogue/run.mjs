// Catalogue: the product list with a search word and two filters (one category, one event)
// over 100,000 products, answered by the built server in its own process over loopback: one
// request at a time (the answer over keep-alive HTTP, and the same call through the core's API
// client), then a sustained keep-alive load with the server's CPU time per request; and the
// bulk event update of 10,000 products through the client. SQLite unless DATABASE_URL is set.
// Build first (`node_modules/.bin/tsc -b`), then `node bench/catalogue/run.mjs`
// (`pnpm --filter @dealdesk/bench catalogue`).
import { buildApp, loadConfig } from '@dealdesk/server';
import { createApiClient, productEvents } from '@dealdesk/core';
import { loadavg } from 'node:os';
import {
  benchEnvironment,
  machine,
  percentile,
  processCpuSeconds,
  round,
  startServerProcess,
  waitUntilIdle,
} from '../lib.mjs';
import { vocabulary } from './catalogue-data.mjs';
import { pick, random, seedCatalogue } from './seed.mjs';
import { keepAliveClient, sustainedLoad } from './load.mjs';

const settings = {
  products: Number(process.env.BENCH_PRODUCTS ?? 100_000),
  requests: Number(process.env.BENCH_REQUESTS ?? 1_000),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 16),
  loadSeconds: Number(process.env.BENCH_SECONDS ?? 10),
  eventUpdateIds: 10_000,
  eventUpdateRuns: 5,
};

/** The list call with one search word, one category and one event, drawn at random. */
function listQuery(categories) {
  return {
    q: pick(random() < 0.5 ? vocabulary.materials : vocabulary.nouns),
    categories: [pick(categories).id],
    events: [pick(productEvents)],
  };
}

const pathOf = ({ q, categories, events }) =>
  `/api/App/product?${new URLSearchParams({ q, categories: categories[0], events: events[0] })}`;

const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 0.5), 2),
    p95: round(percentile(sorted, 0.95), 2),
    max: round(sorted.at(-1), 2),
  };
};

async function main() {
  const env = benchEnvironment('catalogue');
  const config = loadConfig(env);

  // Seed and issue an API token in process, then serve from a server process of its own.
  const seeding = performance.now();
  const app = await buildApp(config);
  const { db } = app.dealdesk.context;
  const { categories, productIds } = await seedCatalogue(db, settings.products);
  await app.dealdesk.auth.ensureFirstAdmin();
  const admin = await db.selectFrom('admins').select('id').executeTakeFirstOrThrow();
  const { token } = await app.dealdesk.auth.tokens.issue('api', admin.id, null, { prefix: 'ddk_' });
  await app.close();
  const seedSeconds = (performance.now() - seeding) / 1000;

  const server = await startServerProcess(env);
  try {
    // Its catalogue loaded into memory: until then, the database answers the lists.
    const loading = performance.now();
    await waitUntilIdle(server.pid);
    const loadSeconds = (performance.now() - loading) / 1000;
    const api = createApiClient({
      baseUrl: server.url,
      apiKey: config.apiKey,
      secret: config.secret,
      token,
    });

    const headers = { 'x-api-key': config.apiKey, authorization: `Bearer ${token}` };
    const http = keepAliveClient({ baseUrl: server.url, headers });
    const load = (paths, seconds) =>
      sustainedLoad({
        baseUrl: server.url,
        headers,
        paths,
        connections: settings.connections,
        seconds,
      });
    // Warm up, then one request at a time: the server's answer over loopback, and the same
    // call through the core's API client (which also opens the envelope, as a browser does).
    for (let n = 0; n < 200; n += 1) await http.get(pathOf(listQuery(categories)));
    const answerTimes = [];
    for (let n = 0; n < settings.requests; n += 1) {
      const path = pathOf(listQuery(categories));
      const started = performance.now();
      const status = await http.get(path);
      answerTimes.push(performance.now() - started);
      if (status !== 200) throw new Error(`the list answered ${status}`);
    }
    const clientTimes = [];
    const matches = [];
    for (let n = 0; n < settings.requests / 4; n += 1) {
      const started = performance.now();
      const answer = await api.products.list(listQuery(categories));
      clientTimes.push(performance.now() - started);
      if (!answer.status) throw new Error(answer.message);
      matches.push(answer.totalRecord);
    }

    // Two loads: 2,000 queries drawn at random (every screen asking something else), then 100
    // asked over and over (screens and scripts refreshing the same lists).
    const sustained = async (paths) => {
      // The server's own CPU time tells what a request costs it, however busy the machine is.
      const cpuBefore = processCpuSeconds(server.pid);
      const run = await load(paths, settings.loadSeconds);
      const cpuSeconds = processCpuSeconds(server.pid) - cpuBefore;
      return {
        distinctQueries: paths.length,
        requests: run.requests,
        failed: run.failed,
        requestsPerSecond: round(run.perSecond, 0),
        serverCpuMsPerRequest: round((cpuSeconds * 1000) / run.requests, 2),
        requestsPerServerCpuSecond: round(run.requests / cpuSeconds, 0),
        loadGeneratorCpuMsPerRequest: round(run.loadGeneratorCpuMs, 3),
      };
    };
    const queries = (count) => Array.from({ length: count }, () => pathOf(listQuery(categories)));
    const varied = await sustained(queries(2_000));
    const repeated = await sustained(queries(100));
    // For scale: the cheapest signed-in call (the token check and the envelope, no catalogue).
    const floor = await load(['/api/admin/Authorization'], settings.loadSeconds / 2);
    http.close();

    // Each bulk update, then the first list after it: the server follows the 10,000 changes
    // into its memory before answering.
    const updates = [];
    const listsAfter = [];
    for (let run = 0; run < settings.eventUpdateRuns; run += 1) {
      const ids = new Set();
      while (ids.size < settings.eventUpdateIds) ids.add(pick(productIds));
      const started = performance.now();
      const answer = await api.products.updateEvents({
        id: [...ids],
        event: productEvents[run % productEvents.length],
      });
      updates.push(performance.now() - started);
      if (!answer.status) throw new Error(answer.message);
      const listing = performance.now();
      const listed = await api.products.list(listQuery(categories));
      listsAfter.push(performance.now() - listing);
      if (!listed.status) throw new Error(listed.message);
    }

    console.log(
      JSON.stringify(
        {
          storage: env.DATABASE_URL ? 'PostgreSQL' : 'SQLite',
          serverProcesses: config.workers,
          machine: machine(),
          loadAverage: loadavg().map((value) => round(value, 1)),
          products: settings.products,
          seedSeconds: round(seedSeconds),
          idleAfterStartSeconds: round(loadSeconds),
          listWithSearchAndTwoFilters: {
            requests: settings.requests,
            matchesPerQuery: summary(matches),
            serverAnswerMs: summary(answerTimes),
            throughCoreClientMs: summary(clientTimes),
          },
          sustainedLoad: {
            loadGenerator: 'wrk',
            connections: settings.connections,
            seconds: settings.loadSeconds,
            varied,
            repeated,
            cheapestSignedInCallPerSecond: round(floor.perSecond, 0),
          },
          eventUpdateOf10000Ids: {
            runs: settings.eventUpdateRuns,
            latencyMs: summary(updates),
            firstListAfterMs: summary(listsAfter),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
  }
}

await main();
