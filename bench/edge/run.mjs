// Edge: what the open internet sends, all at once, against the built server, while honest
// clients (a phone reading home, an administrator reading the product list) keep working.
// The attacks: 1,000 distinct 8 KB Host headers on the app's home; 10,000 junk query strings
// on the app's product list (half of them new searches, half unknown parameters); 50 bodies
// from a signed-in caller that stall after their first kilobytes; 20 bodies of 30 MB without
// credentials. Measured: the server's memory (RSS every 250 ms) against the content cache's
// budget, what the honest clients saw (errors, latency beside the same clients on the idle
// server in the same run: the ratio is printed), when each stalled socket was closed against
// the body idle limit, how many bytes the 30 MB senders got to send, and what /metrics counted.
// Demo data plus BENCH_PRODUCTS products on SQLite unless DATABASE_URL is set; loopback only.
// Build first (`node_modules/.bin/tsc -b`), then `node bench/edge/run.mjs`.
import { buildApp, loadConfig } from '@dealdesk/server';
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import { seedDemo } from '../../server/dist/demo/seed.js';
import { seedCatalogue } from '../catalogue/seed.mjs';
import {
  benchEnvironment,
  machine,
  percentile,
  report,
  round,
  rssBytes,
  startServerProcess,
  waitUntilIdle,
} from '../lib.mjs';

const settings = {
  products: Number(process.env.BENCH_PRODUCTS ?? 20_000),
  hosts: 1_000,
  hostBytes: 8 * 1024,
  junkQueries: 10_000,
  stalledBodies: 50,
  hugeBodies: 20,
  hugeBodyBytes: 30 * 1024 * 1024,
  /** The server's settings under test: its defaults unless these are set. */
  idleSeconds: Number(process.env.DEALDESK_BODY_IDLE_SECONDS ?? 30),
  cacheBytes: Number(process.env.DEALDESK_CONTENT_CACHE_BYTES ?? 64 * 1024 * 1024),
  /** Requests each honest client makes in the quiet run, one at a time. */
  quietRequests: 300,
  /** Concurrent connections of each attack that sends many small requests. */
  attackConnections: 32,
  /** A socket still open this long after it was opened is counted as never closed. */
  giveUpSeconds: 120,
};

const goals = {
  /** The server's RSS may grow by at most the cache's budget and this much. */
  memoryHeadroomBytes: 100 * 1024 * 1024,
  /** A stalled socket is closed within the idle limit and this. */
  closeWithinSeconds: settings.idleSeconds + 5,
};

const mb = (bytes) => round(bytes / 1024 / 1024, 1);

/** One GET over a fresh or kept-alive agent: its status, or the error's code. */
function get(url, headers, agent) {
  return new Promise((resolve) => {
    const request = httpRequest(url, { headers, agent }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode));
    });
    request.once('error', (error) => resolve(error.code ?? 'error'));
    request.end();
  });
}

/** Runs `count` tasks, `connections` at a time; tallies their outcomes. */
async function inParallel(count, connections, task) {
  const outcomes = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const outcome = await task(next++);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
    }),
  );
  return outcomes;
}

/**
 * A raw request whose body says `declared` bytes: it sends the headers and `send` bytes of the
 * body, then nothing more. Resolves with the status line the server answered (if any), the
 * seconds until the server closed the socket, and the body bytes the socket took.
 */
function rawBody({ port, path, headers, declared, send }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let written = 0;
    let closed = false;
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => {});
    // A socket the server never closes is given up on (and counted as never closed).
    let gaveUp = false;
    const giveUp = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, settings.giveUpSeconds * 1000);
    socket.once('close', () => {
      closed = true;
      clearTimeout(giveUp);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0),
        closedAfterSeconds: gaveUp ? null : (performance.now() - started) / 1000,
        bodyBytesWritten: written,
      });
    });
    socket.once('connect', async () => {
      const head = Object.entries({ ...headers, 'content-length': declared })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n${head}\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      while (written < send && !closed) {
        const part = chunk.subarray(0, Math.min(chunk.length, send - written));
        written += part.length;
        // Waits for the socket's buffer to drain, as a sender at line speed would.
        if (!socket.write(part))
          await new Promise((drained) => {
            const done = () => {
              socket.off('drain', done);
              socket.off('close', done);
              drained();
            };
            socket.on('drain', done);
            socket.on('close', done);
          });
      }
    });
  });
}

/** Numbers of the server's /metrics whose line starts with one of `names`. */
async function metricsOf(baseUrl, names) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => names.some((name) => line.startsWith(name)))
      .map((line) => {
        const at = line.lastIndexOf(' ');
        return [line.slice(0, at), Number(line.slice(at + 1))];
      }),
  );
}

/** An honest client asking `path` one request at a time until `stop()` says so. */
function honestClient(url, headers) {
  const latencies = [];
  const errors = {};
  let stopped = false;
  const agent = new Agent({ keepAlive: true });
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      const status = await get(url, headers, agent);
      if (status === 200) latencies.push(performance.now() - started);
      else errors[status] = (errors[status] ?? 0) + 1;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      latencies.sort((a, b) => a - b);
      return {
        answers: latencies.length,
        errors,
        p50Ms: round(percentile(latencies, 0.5) ?? 0, 2),
        p99Ms: round(percentile(latencies, 0.99) ?? 0, 2),
      };
    },
  };
}

async function quietLatency(url, headers) {
  const latencies = [];
  for (let at = 0; at < settings.quietRequests; at += 1) {
    const started = performance.now();
    const status = await get(url, headers);
    if (status !== 200) throw new Error(`${url} answered ${status} on the idle server`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(latencies, 0.5), 2),
    p99Ms: round(percentile(latencies, 0.99), 2),
  };
}

async function main() {
  const loadAverageBefore = loadavg().map((value) => round(value, 1));
  const env = { ...benchEnvironment('edge'), NODE_ENV: 'production' };
  const config = loadConfig(env);

  // Seed and sign an administrator in (a session, as the list screen has), in process; then
  // serve from a server process of its own.
  const app = await buildApp(config);
  await app.dealdesk.auth.ensureFirstAdmin();
  await seedDemo(app.dealdesk.context);
  await seedCatalogue(app.dealdesk.context.db, settings.products);
  const admin = await app.dealdesk.context.db
    .selectFrom('admins')
    .select('id')
    .executeTakeFirstOrThrow();
  const inADay = new Date(Date.now() + 86_400_000).toISOString();
  const { token } = await app.dealdesk.auth.tokens.issue('session', admin.id, inADay);
  await app.close();

  const server = await startServerProcess(env);
  const port = Number(new URL(server.url).port);
  const key = { 'x-api-key': config.apiKey };
  const signedIn = { ...key, authorization: `Bearer ${token}` };
  const honest = [
    { name: 'app home', url: `${server.url}/api/v1/app/home`, headers: key },
    {
      name: 'admin product list',
      url: `${server.url}/api/App/product?page=1&limit=100`,
      headers: signedIn,
    },
  ];
  try {
    await waitUntilIdle(server.pid);
    const quiet = [];
    for (const client of honest) quiet.push(await quietLatency(client.url, client.headers));
    const idleRss = rssBytes(server.pid);
    let peakRss = idleRss;
    const sampling = setInterval(() => (peakRss = Math.max(peakRss, rssBytes(server.pid))), 250);

    const clients = honest.map((client) => honestClient(client.url, client.headers));
    const started = performance.now();
    const [hosts, queries, stalled, huge] = await Promise.all([
      // Distinct long Host headers: each a new cache key before the allow-list.
      inParallel(settings.hosts, settings.attackConnections, (at) =>
        get(`${server.url}/api/v1/app/home`, {
          ...key,
          host: `${String(at).padStart(6, '0')}.${'h'.repeat(settings.hostBytes - 7)}`,
        }),
      ),
      // New searches (each a real answer worth keeping) and unknown parameters.
      inParallel(settings.junkQueries, settings.attackConnections, (at) =>
        get(
          at % 2 === 0
            ? `${server.url}/api/v1/app/products?limit=100&q=${randomBytes(6).toString('hex')}`
            : `${server.url}/api/v1/app/products?limit=100&junk${at}=${randomBytes(6).toString('hex')}`,
          key,
        ),
      ),
      Promise.all(
        Array.from({ length: settings.stalledBodies }, () =>
          rawBody({
            port,
            path: '/api/App/product/bulk',
            headers: { ...signedIn, 'content-type': 'application/json' },
            declared: 1024 * 1024,
            send: 4 * 1024,
          }),
        ),
      ),
      Promise.all(
        Array.from({ length: settings.hugeBodies }, () =>
          rawBody({
            port,
            path: '/api/App/product/bulk',
            headers: { ...key, 'content-type': 'application/json' },
            declared: settings.hugeBodyBytes,
            send: settings.hugeBodyBytes,
          }),
        ),
      ),
    ]);
    const attackSeconds = (performance.now() - started) / 1000;
    const seen = await Promise.all(clients.map((client) => client.stop()));
    clearInterval(sampling);
    const counted = await metricsOf(server.url, [
      'dealdesk_content_cache_',
      'dealdesk_edge_refused_total',
      'dealdesk_nodejs_heap_size_used_bytes',
    ]);

    const closeTimes = stalled
      .map((socket) => socket.closedAfterSeconds)
      .filter((seconds) => seconds !== null)
      .sort((a, b) => a - b);
    const neverClosed = stalled.length - closeTimes.length;
    const growth = peakRss - idleRss;
    const result = {
      storage: env.DATABASE_URL ? 'PostgreSQL' : 'SQLite',
      machine: machine(),
      loadAverageBefore,
      loadAverageAfter: loadavg().map((value) => round(value, 1)),
      products: settings.products,
      settings: { idleSeconds: settings.idleSeconds, cacheBudgetMB: mb(settings.cacheBytes) },
      attackSeconds: round(attackSeconds),
      memory: {
        idleMB: mb(idleRss),
        peakMB: mb(peakRss),
        growthMB: mb(growth),
        allowedGrowthMB: mb(settings.cacheBytes + goals.memoryHeadroomBytes),
      },
      attacks: {
        hosts: { requests: settings.hosts, statuses: hosts },
        junkQueries: { requests: settings.junkQueries, statuses: queries },
        stalledBodies: {
          sockets: settings.stalledBodies,
          statuses: tally(stalled.map((socket) => socket.status)),
          closedAfterSeconds: {
            first: closeTimes.length === 0 ? null : round(closeTimes[0], 1),
            last: closeTimes.length === 0 ? null : round(closeTimes.at(-1), 1),
            goal: goals.closeWithinSeconds,
          },
          [`neverClosedIn${settings.giveUpSeconds}Seconds`]: neverClosed,
        },
        hugeBodies: {
          sockets: settings.hugeBodies,
          statuses: tally(huge.map((socket) => socket.status)),
          mostBytesSentMB: mb(Math.max(...huge.map((socket) => socket.bodyBytesWritten))),
          lastClosedAfterSeconds: huge.some((socket) => socket.closedAfterSeconds === null)
            ? null
            : round(Math.max(...huge.map((socket) => socket.closedAfterSeconds)), 1),
        },
      },
      honestClients: honest.map((client, at) => ({
        name: client.name,
        quiet: quiet[at],
        underAttack: seen[at],
        p50Ratio: round(seen[at].p50Ms / quiet[at].p50Ms, 2),
      })),
      metrics: counted,
    };
    const met = {
      memory: growth <= settings.cacheBytes + goals.memoryHeadroomBytes,
      honestClientsSawNoError: seen.every((client) => Object.keys(client.errors).length === 0),
      stalledClosedInTime: neverClosed === 0 && closeTimes.at(-1) <= goals.closeWithinSeconds,
    };
    report('edge', { ...result, goalsMet: met });
    console.error(
      `edge: RSS ${result.memory.idleMB} → peak ${result.memory.peakMB} MB (growth ${result.memory.growthMB} MB, allowed ${result.memory.allowedGrowthMB}); ` +
        `stalled sockets closed after ${result.attacks.stalledBodies.closedAfterSeconds.first}–${result.attacks.stalledBodies.closedAfterSeconds.last} s (goal ≤ ${goals.closeWithinSeconds}); ` +
        `30 MB senders sent at most ${result.attacks.hugeBodies.mostBytesSentMB} MB; ` +
        result.honestClients
          .map(
            (client) =>
              `${client.name} p50 ${client.underAttack.p50Ms} ms = ${client.p50Ratio} × quiet, errors ${JSON.stringify(client.underAttack.errors)}`,
          )
          .join('; '),
    );
    if (!Object.values(met).every(Boolean)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

function tally(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

await main();
