// Ingestion: how many tracking events per second the server commits, measured from outside
// over loopback with many keep-alive connections, each request an encrypted batch as the
// mobile app sends it. Afterwards the stored counters must hold exactly the events the server
// acknowledged.
import { buildApp, loadConfig } from '@dealdesk/server';
import { insertTrackable } from '@dealdesk/server/testing';
import { decryptResponse, encryptRequest } from '@dealdesk/core';
import http from 'node:http';
import { loadavg } from 'node:os';
import {
  benchEnvironment,
  machine,
  percentile,
  processCpuSeconds,
  report,
  round,
  startServerProcess,
} from './lib.mjs';

const settings = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: 2,
  connections: Number(process.env.BENCH_CONNECTIONS ?? 64),
  eventsPerRequest: Number(process.env.BENCH_BATCH ?? 50),
  items: 5_000,
  /** Distinct request bodies, each encrypted once with its own IV. */
  bodies: 1_000,
};

/** Kinds of the items made before the run: only events of items that exist are counted. */
const kinds = ['story', 'storyAd', 'shortcut', 'banner', 'webAd'];

/** Popular items get most events, as in the app (a skewed pick). */
const pickItem = () => Math.floor(settings.items * Math.random() ** 3);
/** ObjectId-shaped: a creation time, a fixed middle, the item's number. */
const itemId = (index) => `65f1c2a9be7c4a11ce${index.toString(16).padStart(6, '0')}`;

function batchBody(secret) {
  const events = Array.from({ length: settings.eventsPerRequest }, () => {
    const item = pickItem();
    return {
      kind: kinds[item % kinds.length],
      id: itemId(item),
      event: Math.random() < 0.85 ? 'view' : 'click',
    };
  });
  return JSON.stringify(encryptRequest({ events }, secret));
}

function post(agent, url, apiKey, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-api-key': apiKey,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Every item the batches name, made in the bench's database before the server starts. */
async function makeItems(env) {
  const app = await buildApp(loadConfig(env));
  for (const [at, kind] of kinds.entries()) {
    const ids = [];
    for (let item = at; item < settings.items; item += kinds.length) ids.push(itemId(item));
    await insertTrackable(app.dealdesk.context.db, kind, ids);
  }
  await app.close();
}

async function main() {
  // One load generator is one address: its limit would measure the limiter, not ingestion.
  const env = { ...benchEnvironment('ingestion'), DEALDESK_TRACK_EVENTS_PER_ADDRESS: '0' };
  const bodies = Array.from({ length: settings.bodies }, () => batchBody(env.DEALDESK_SECRET));
  await makeItems(env);
  const server = await startServerProcess(env);
  const url = `${server.url}/api/App/track`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.connections });

  let acknowledged = 0;
  let failures = 0;
  let measuring = false;
  let measuredEvents = 0;
  const latencies = [];
  let stop = false;
  let sent = 0;

  const connection = async () => {
    while (!stop) {
      const body = bodies[sent++ % bodies.length];
      const started = performance.now();
      const answer = await post(agent, url, env.DEALDESK_API_KEY, body);
      const elapsed = performance.now() - started;
      if (answer.status !== 200) {
        failures += 1;
        continue;
      }
      // Spot-check that an answer really acknowledges the whole batch.
      if (sent % 500 === 0) {
        const decrypted = decryptResponse(JSON.parse(answer.text), env.DEALDESK_SECRET);
        if (decrypted.accepted !== settings.eventsPerRequest) throw new Error(answer.text);
      }
      acknowledged += settings.eventsPerRequest;
      if (measuring) {
        measuredEvents += settings.eventsPerRequest;
        latencies.push(elapsed);
      }
    }
  };

  const running = Array.from({ length: settings.connections }, connection);
  await new Promise((resolve) => setTimeout(resolve, settings.warmupSeconds * 1000));
  measuring = true;
  const started = performance.now();
  const serverCpuBefore = processCpuSeconds(server.pid);
  const loadCpuBefore = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, settings.seconds * 1000));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  const serverCpuAfter = processCpuSeconds(server.pid);
  const loadCpu = process.cpuUsage(loadCpuBefore);
  const serverCpu = serverCpuBefore === null ? null : serverCpuAfter - serverCpuBefore;
  stop = true;
  await Promise.all(running);
  agent.destroy();
  await server.stop();

  // Every acknowledged event is in the counters, once.
  const app = await buildApp(loadConfig(env));
  const { stored } = await app.dealdesk.context.db
    .selectFrom('item_totals')
    .select((eb) => eb.fn.sum(eb('views', '+', eb.ref('clicks'))).as('stored'))
    .executeTakeFirstOrThrow();
  await app.close();

  latencies.sort((a, b) => a - b);
  const result = {
    storage: env.DATABASE_URL ? 'PostgreSQL' : 'SQLite',
    machine: machine(),
    connections: settings.connections,
    eventsPerRequest: settings.eventsPerRequest,
    seconds: round(seconds),
    eventsPerSecond: Math.round(measuredEvents / seconds),
    requestsPerSecond: Math.round(latencies.length / seconds),
    latencyMs: {
      p50: round(percentile(latencies, 0.5)),
      p99: round(percentile(latencies, 0.99)),
    },
    // Events the server takes per second of its own CPU time: what one idle core would do.
    eventsPerServerCpuSecond: serverCpu === null ? null : Math.round(measuredEvents / serverCpu),
    serverCpuShare: serverCpu === null ? null : round(serverCpu / seconds, 2),
    loadGeneratorCpuShare: round((loadCpu.user + loadCpu.system) / 1e6 / seconds, 2),
    loadAverage: loadavg().map((value) => round(value, 1)),
    failures,
    acknowledgedEvents: acknowledged,
    storedEvents: Number(stored),
  };
  report('ingestion', result);
  if (result.storedEvents !== acknowledged || failures > 0) {
    console.error(
      'ingestion bench: stored events differ from acknowledged ones, or requests failed',
    );
    process.exitCode = 1;
  }
}

await main();
