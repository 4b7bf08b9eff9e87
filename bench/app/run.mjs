// The content API under load: the app's home document (200, and 304 to its ETag) and a product
// list page, each measured beside a bare node:http server that answers the same bytes from a
// process of its own: the floor of this machine, taken in the same run, so the goal is a ratio
// that holds however busy the shared machine is. Demo data plus 100,000 products, SQLite unless
// DATABASE_URL is set; answer checks off (NODE_ENV=production), as deployed.
// Build first (`node_modules/.bin/tsc -b`), then `node bench/app/run.mjs`.
import { buildApp, loadConfig } from '@dealdesk/server';
import { loadavg } from 'node:os';
import { seedDemo } from '../../server/dist/demo/seed.js';
import { sustainedLoad } from '../catalogue/load.mjs';
import { seedCatalogue } from '../catalogue/seed.mjs';
import {
  benchEnvironment,
  cpuMeter,
  machine,
  report,
  round,
  startBareServer,
  startServerProcess,
  waitUntilIdle,
} from '../lib.mjs';

const settings = {
  products: Number(process.env.BENCH_PRODUCTS ?? 100_000),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 64),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  /** Turns each server takes per scenario; each turn lasts seconds / turns. */
  turns: 5,
};

/**
 * What each scenario must reach: the bare server's CPU time per answer as a share of ours (the
 * server's own user + system time over the run, divided by its answers: what the load generator,
 * on the same two cores, takes does not enter it). The share of the bare server's requests per
 * second is printed beside it; with wrk on the same cores it tells wrk's ceiling as much as ours.
 */
const scenarios = [
  { name: 'home 200', path: '/api/v1/app/home', revalidate: false, goal: 0.5 },
  { name: 'home 304', path: '/api/v1/app/home', revalidate: true, goal: 0.7 },
  {
    name: 'products?event=Trending&limit=20',
    path: '/api/v1/app/products?event=Trending&limit=20',
    revalidate: false,
    goal: 0.5,
  },
];
const p99GoalMs = 10;
/** BENCH_APP=304 (a part of a name) runs those scenarios only: to profile one path. */
const chosen = scenarios.filter((scenario) => scenario.name.includes(process.env.BENCH_APP ?? ''));

async function main() {
  const env = { ...benchEnvironment('app'), NODE_ENV: 'production' };
  const config = loadConfig(env);
  const seeding = performance.now();
  const app = await buildApp(config);
  await app.dealdesk.auth.ensureFirstAdmin();
  await seedDemo(app.dealdesk.context);
  await seedCatalogue(app.dealdesk.context.db, settings.products);
  await app.close();
  const seedSeconds = (performance.now() - seeding) / 1000;

  const server = await startServerProcess(env);
  const results = [];
  try {
    await waitUntilIdle(server.pid);
    // Identity, as wrk asks: fetch would ask br, whose representation has an ETag of its own.
    const apiKey = { 'x-api-key': config.apiKey, 'accept-encoding': 'identity' };
    for (const scenario of chosen) {
      const first = await fetch(`${server.url}${scenario.path}`, { headers: apiKey });
      if (first.status !== 200) throw new Error(`${scenario.path} answered ${first.status}`);
      const answer = {
        body: await first.text(),
        headers: {
          'content-type': first.headers.get('content-type'),
          etag: first.headers.get('etag'),
          'cache-control': first.headers.get('cache-control'),
        },
      };
      const headers = scenario.revalidate
        ? { ...apiKey, 'if-none-match': answer.headers.etag }
        : apiKey;
      const asked = await fetch(`${server.url}${scenario.path}`, { headers });
      if (asked.status !== (scenario.revalidate ? 304 : 200))
        throw new Error(`${scenario.name} answered ${asked.status}`);
      const load = (baseUrl) =>
        sustainedLoad({
          baseUrl,
          headers,
          paths: [scenario.path],
          connections: settings.connections,
          seconds: settings.seconds / settings.turns,
        });
      // Bare and Dealdesk take turns, a few seconds each, so a change in the shared machine's
      // load falls on both: the ratio is the median of the turns'.
      const bare = await startBareServer(answer);
      const turns = [];
      // CPU time over all turns, divided by all their answers (a turn's is a few clock ticks).
      const cpu = { floor: { seconds: 0, requests: 0 }, ours: { seconds: 0, requests: 0 } };
      const measured = async (side, pid, url) => {
        const spent = cpuMeter(pid);
        const result = await load(url);
        cpu[side].seconds += spent();
        cpu[side].requests += result.requests;
        return result;
      };
      try {
        for (let turn = 0; turn < settings.turns; turn += 1) {
          const floorTurn = await measured('floor', bare.pid, bare.url);
          const oursTurn = await measured('ours', server.pid, server.url);
          turns.push({
            floor: floorTurn,
            ours: oursTurn,
            ratio: oursTurn.perSecond / floorTurn.perSecond,
          });
        }
      } finally {
        bare.stop();
      }
      const bareCpuUs = (cpu.floor.seconds * 1e6) / cpu.floor.requests;
      const serverCpuUs = (cpu.ours.seconds * 1e6) / cpu.ours.requests;
      const cpuRatio = bareCpuUs / serverCpuUs;
      turns.sort((a, b) => a.ratio - b.ratio);
      const { floor, ours, ratio } = turns[Math.floor(turns.length / 2)];
      results.push({
        scenario: scenario.name,
        answerBytes: scenario.revalidate ? 0 : Buffer.byteLength(answer.body),
        bareRequestsPerSecond: round(floor.perSecond, 0),
        serverRequestsPerSecond: round(ours.perSecond, 0),
        ratio: round(ratio, 2),
        ratiosOfTurns: turns.map((turn) => round(turn.ratio, 2)),
        bareCpuUsPerAnswer: round(bareCpuUs),
        serverCpuUsPerAnswer: round(serverCpuUs),
        cpuRatio: round(cpuRatio, 2),
        goal: `>= ${scenario.goal}`,
        serverP99Ms: ours.p99Ms,
        failed: ours.failed,
        met: cpuRatio >= scenario.goal && ours.failed === 0 && (ours.p99Ms ?? Infinity) < p99GoalMs,
      });
    }
  } finally {
    await server.stop();
  }
  report('app', {
    storage: env.DATABASE_URL ? 'PostgreSQL' : 'SQLite',
    machine: machine(),
    loadAverage: loadavg().map((value) => round(value, 1)),
    products: settings.products,
    seedSeconds: round(seedSeconds),
    loadGenerator: `wrk, ${settings.connections} connections, ${settings.turns} turns of ${settings.seconds / settings.turns} s each per server`,
    p99Goal: `< ${p99GoalMs} ms`,
    results,
  });
  for (const result of results)
    console.error(
      `${result.scenario}: CPU ${result.serverCpuUsPerAnswer} µs an answer against the bare server's ${result.bareCpuUsPerAnswer} µs = ${result.cpuRatio} (goal ${result.goal}); ${result.serverRequestsPerSecond}/s = ${result.ratio} × the bare server's ${result.bareRequestsPerSecond}/s, p99 ${result.serverP99Ms} ms${result.met ? '' : '  ← below the goal'}`,
    );
}

await main();
