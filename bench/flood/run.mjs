// Flood: many concurrent keep-alive connections (500 by default) for a minute against two
// calls: the admin product list as its screen asks it (page 1 of 100, a signed-in session)
// and the mobile app's home document (the API key only). Each is measured on the built server
// (one process unless DEALDESK_WORKERS says more) and on a bare node:http server answering the
// same status, headers and bytes from a process of its own: the floor of this machine in the
// same run, so the ratio holds however busy the shared machine is. Reported: answers per
// second, errors (non-2xx/3xx answers, socket errors, requests wrk gave up on after its
// timeout), latency percentiles, the server's CPU time per request, and its memory (RSS)
// sampled every second while the load runs: at the end of the warm-up, the peak, the end.
// The demo data plus BENCH_PRODUCTS products on SQLite unless DATABASE_URL is set; answer
// checks off (NODE_ENV=production), as deployed. Loopback only.
// Build first (`node_modules/.bin/tsc -b`), then `node bench/flood/run.mjs`.
import { buildApp, loadConfig } from '@dealdesk/server';
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { seedDemo } from '../../server/dist/demo/seed.js';
import { seedCatalogue } from '../catalogue/seed.mjs';
import {
  benchEnvironment,
  cpuMeter,
  ensureWrk,
  machine,
  report,
  round,
  rssBytes,
  startBareServer,
  startServerProcess,
  waitUntilIdle,
} from '../lib.mjs';

const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 500),
  seconds: Number(process.env.BENCH_SECONDS ?? 60),
  products: Number(process.env.BENCH_PRODUCTS ?? 100_000),
  /**
   * wrk counts a request waiting longer than this as a timeout error (checked every 2 s, so a
   * request still waiting at the next check counts again) and keeps latencies only up to it.
   * Its default of 2 s counted a few hundred answers of 2 s and more on this 2-core machine,
   * where wrk itself competes with the server for the cores; 10 s keeps their real latencies.
   */
  timeoutSeconds: Number(process.env.BENCH_TIMEOUT_SECONDS ?? 10),
  /**
   * A load of this many seconds first, not counted: a fresh server's first burst of 500
   * connects waits on lazy code and socket set-up (the bare server too shows 2 s answers then).
   */
  burstSeconds: 5,
  /** The first seconds of the measured load, left out of the memory's start. */
  warmUpSeconds: 10,
  /**
   * Memory is flat when what the heap keeps after collections (its lowest in the second half
   * of the load) is at most this share above its lowest in the first half.
   */
  flatWithin: 0.1,
};

/** The admin list screen's first page (productPageSize) and the app's home. */
const scenarios = [
  {
    key: 'list',
    name: 'admin product list',
    path: '/api/App/product?page=1&limit=100',
    signedIn: true,
  },
  { key: 'home', name: 'app home', path: '/api/v1/app/home', signedIn: false },
];

/** BENCH_FLOOD=list or =home measures one of them. */
const chosen = scenarios.filter(
  (scenario) => process.env.BENCH_FLOOD === undefined || scenario.key === process.env.BENCH_FLOOD,
);

const mb = (bytes) => round(bytes / 1024 / 1024, 1);

/** The server's JavaScript heap in use and its external memory (buffers), from /metrics. */
async function heapOf(baseUrl) {
  try {
    const text = await (await fetch(`${baseUrl}/metrics`)).text();
    const value = (name) => Number(new RegExp(`^dealdesk_${name} (\\S+)$`, 'm').exec(text)?.[1]);
    return {
      heapUsed: value('nodejs_heap_size_used_bytes'),
      external: value('nodejs_external_memory_bytes'),
      loopLagMaxMs: round(value('nodejs_eventloop_lag_max_seconds') * 1000, 1),
    };
  } catch {
    return {};
  }
}

/** wrk's duration (`1.23ms`, `850.00us`, `1.02s`, `1.50m`) in milliseconds. */
const milliseconds = (value, unit) =>
  Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit];

/**
 * wrk over `connections` keep-alive connections for `seconds` against `url`, sampling the
 * server's memory every second meanwhile: what it answered, what failed, and how fast.
 */
async function flood({ url, headers, pid, heap }) {
  const wrkArgs = (seconds) => [
    '-t1',
    `-c${settings.connections}`,
    `-d${seconds}s`,
    `--timeout`,
    `${settings.timeoutSeconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
  const burst = spawn(ensureWrk(), wrkArgs(settings.burstSeconds), { stdio: 'ignore' });
  await new Promise((resolve) => burst.once('exit', resolve));
  const cpuSpent = cpuMeter(pid);
  const started = performance.now();
  const wrk = spawn(ensureWrk(), wrkArgs(settings.seconds), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  wrk.stdout.on('data', (chunk) => (printed += chunk));
  const memory = [];
  const sampling = setInterval(() => {
    const sample = { second: (performance.now() - started) / 1000, rss: rssBytes(pid) };
    memory.push(sample);
    // And what the JavaScript heap holds of it (the server's /metrics: one call a second).
    if (heap !== undefined) void heap().then((held) => Object.assign(sample, held));
  }, 1000);
  // The heap read five times a second for its lows: a read a second could land a second after
  // a collection, with 20 MB of new garbage on top of what the collection kept.
  const heapReads = [];
  const heapSampling = setInterval(() => {
    const second = (performance.now() - started) / 1000;
    void heap?.().then(({ heapUsed }) => {
      if (heapUsed !== undefined) heapReads.push({ second, heapUsed });
    });
  }, 200);
  const code = await new Promise((resolve) => wrk.once('exit', resolve));
  clearInterval(sampling);
  clearInterval(heapSampling);
  const cpuSeconds = cpuSpent();
  const loadAverage = loadavg().map((value) => round(value, 1));

  const number = (pattern) => Number(pattern.exec(printed)?.[1] ?? 0);
  const requests = number(/(\d+) requests in/);
  if (code !== 0 || requests === 0) throw new Error(`wrk failed (${code}):\n${printed}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    printed,
  );
  const errors = {
    non2xx3xx: number(/Non-2xx or 3xx responses: (\d+)/),
    connect: Number(socket?.[1] ?? 0),
    read: Number(socket?.[2] ?? 0),
    write: Number(socket?.[3] ?? 0),
    timeout: Number(socket?.[4] ?? 0),
  };
  const failed = Object.values(errors).reduce((total, count) => total + count, 0);
  const latency = Object.fromEntries(
    ['50', '90', '99'].map((at) => {
      const found = new RegExp(`\\s${at}%\\s+([\\d.]+)(us|ms|s|m)\\b`).exec(printed);
      return [`p${at}Ms`, found === null ? null : round(milliseconds(found[1], found[2]), 2)];
    }),
  );
  const max = /Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)\b/.exec(printed);
  const perSecond = number(/Requests\/sec:\s+([\d.]+)/);
  return {
    requests,
    answeredPerSecond: round((perSecond * Math.max(0, requests - errors.non2xx3xx)) / requests, 0),
    errors,
    failed,
    latency: { ...latency, maxMs: max === null ? null : round(milliseconds(max[1], max[2]), 2) },
    cpuMsPerRequest: round((cpuSeconds * 1000) / requests, 3),
    loadAverageAtEnd: loadAverage,
    memory,
    heapReads,
  };
}

/** Start (the first sample after the warm-up), peak and end of the samples, and whether flat. */
function memorySummary(samples, heapReads, idleBefore, idleAfter) {
  const warm = samples.filter((sample) => sample.second >= settings.warmUpSeconds);
  const start = warm[0]?.rss ?? samples[0]?.rss ?? 0;
  const end = samples.at(-1)?.rss ?? 0;
  const peak = Math.max(...samples.map((sample) => sample.rss));
  // The heap in use saws up and down with each collection: its lows tell whether what stays
  // after a collection grows (a leak), where RSS also keeps what V8 once reserved.
  const lowest = (from, to) => {
    const held = heapReads
      .filter((read) => read.second >= from && read.second < to)
      .map((read) => read.heapUsed);
    return held.length === 0 ? null : mb(Math.min(...held));
  };
  const middle = (settings.warmUpSeconds + settings.seconds) / 2;
  const heapLows = {
    firstHalf: lowest(settings.warmUpSeconds, middle),
    secondHalf: lowest(middle, Infinity),
  };
  return {
    idleBeforeMB: mb(idleBefore),
    startMB: mb(start),
    peakMB: mb(peak),
    endMB: mb(end),
    idleAfterMB: mb(idleAfter),
    endVersusStart: round(end / start, 3),
    flat:
      heapLows.firstHalf !== null &&
      heapLows.secondHalf !== null &&
      heapLows.secondHalf <= (1 + settings.flatWithin) * heapLows.firstHalf,
    heapUsedLowMB: heapLows,
    everyFiveSeconds: samples
      .filter((_, at) => at % 5 === 4)
      .map((sample) => ({
        second: round(sample.second, 0),
        rssMB: mb(sample.rss),
        ...(sample.heapUsed === undefined
          ? {}
          : {
              heapUsedMB: mb(sample.heapUsed),
              externalMB: mb(sample.external),
              loopLagMaxMs: sample.loopLagMaxMs,
            }),
      })),
    flatMeans: `the heap's lowest in the second half at most ${settings.flatWithin * 100}% above its lowest in the first (after ${settings.warmUpSeconds} s), read five times a second`,
  };
}

async function main() {
  const loadAverageBefore = loadavg().map((value) => round(value, 1));
  const env = { ...benchEnvironment('flood'), NODE_ENV: 'production' };
  const config = loadConfig(env);

  // Seed and sign an administrator in (a session, as the list screen has), in process; then
  // serve from a server process of its own.
  const seeding = performance.now();
  const app = await buildApp(config);
  await app.dealdesk.auth.ensureFirstAdmin();
  await seedDemo(app.dealdesk.context);
  await seedCatalogue(app.dealdesk.context.db, settings.products);
  const { db } = app.dealdesk.context;
  const admin = await db.selectFrom('admins').select('id').executeTakeFirstOrThrow();
  const inADay = new Date(Date.now() + 86_400_000).toISOString();
  const { token } = await app.dealdesk.auth.tokens.issue('session', admin.id, inADay);
  await app.close();
  const seedSeconds = (performance.now() - seeding) / 1000;

  const server = await startServerProcess(env);
  const results = [];
  try {
    await waitUntilIdle(server.pid);
    for (const scenario of chosen) {
      const headers = {
        'x-api-key': config.apiKey,
        ...(scenario.signedIn ? { authorization: `Bearer ${token}` } : {}),
      };
      const first = await fetch(`${server.url}${scenario.path}`, { headers });
      const body = await first.text();
      if (first.status !== 200) throw new Error(`${scenario.path} answered ${first.status}`);
      const kept = Object.fromEntries(
        [...first.headers].filter(
          ([name]) =>
            !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(
              name,
            ),
        ),
      );

      const idleBefore = rssBytes(server.pid);
      const ours = await flood({
        url: `${server.url}${scenario.path}`,
        headers,
        pid: server.pid,
        heap: () => heapOf(server.url),
      });
      await waitUntilIdle(server.pid);
      const idleAfter = rssBytes(server.pid);

      const bare = await startBareServer({ status: first.status, headers: kept, body });
      let floor;
      try {
        floor = await flood({ url: `${bare.url}${scenario.path}`, headers, pid: bare.pid });
      } finally {
        await bare.stop();
      }
      const { memory, heapReads, ...load } = ours;
      results.push({
        scenario: scenario.name,
        path: scenario.path,
        answerBytes: Buffer.byteLength(body),
        server: { ...load, memory: memorySummary(memory, heapReads, idleBefore, idleAfter) },
        bare: {
          answeredPerSecond: floor.answeredPerSecond,
          failed: floor.failed,
          latency: floor.latency,
          cpuMsPerRequest: floor.cpuMsPerRequest,
          loadAverageAtEnd: floor.loadAverageAtEnd,
        },
        ratio: round(ours.answeredPerSecond / floor.answeredPerSecond, 2),
      });
    }
  } finally {
    await server.stop();
  }
  report('flood', {
    storage: env.DATABASE_URL ? 'PostgreSQL' : 'SQLite',
    serverProcesses: config.workers,
    machine: machine(),
    loadAverageBefore,
    loadAverageAfter: loadavg().map((value) => round(value, 1)),
    products: settings.products,
    seedSeconds: round(seedSeconds),
    loadGenerator: `wrk, 1 thread, ${settings.connections} keep-alive connections, ${settings.seconds} s per server after ${settings.burstSeconds} s not counted, timeout ${settings.timeoutSeconds} s`,
    results,
  });
  for (const result of results) {
    const { server: ours } = result;
    console.error(
      `${result.scenario}: ${ours.answeredPerSecond}/s = ${result.ratio} × the bare server's ${result.bare.answeredPerSecond}/s; ` +
        `errors ${ours.failed}; p50 ${ours.latency.p50Ms} ms, p99 ${ours.latency.p99Ms} ms; ` +
        `RSS ${ours.memory.startMB} → peak ${ours.memory.peakMB} → ${ours.memory.endMB} MB, ` +
        `heap kept ${ours.memory.heapUsedLowMB.firstHalf} → ${ours.memory.heapUsedLowMB.secondHalf} MB (${ours.memory.flat ? 'flat' : 'not flat'})`,
    );
  }
  if (results.some((result) => result.server.failed > 0 || !result.server.memory.flat))
    process.exitCode = 1;
}

await main();
