// Dashboard: how fast GET /api/admin/view/dashbord/{id} answers one item's year when the
// counters hold 10 million events spread over thousands of items and two years of days.
// The counters are filled directly (as the group commit would have left them), then the
// dashboard is asked over loopback one request at a time: the answer as the server sends it
// (encrypted), and through the core's API client, which also decrypts it as the web app does.
import { buildApp, loadConfig } from '@dealdesk/server';
import { businessDay, createApiClient, trackedKinds } from '@dealdesk/core';
import http from 'node:http';
import { benchEnvironment, machine, percentile, report, round } from './lib.mjs';

const settings = {
  events: Number(process.env.BENCH_EVENTS ?? 10_000_000),
  items: 5_000,
  days: 730,
  requests: Number(process.env.BENCH_REQUESTS ?? 500),
};

const dayMs = 86_400_000;
const itemId = (index) => `65f1c2a9be7c4a11ce${index.toString(16).padStart(6, '0')}`;

/**
 * Each item lives for a while within the two years (a story for weeks, a product for months),
 * with a popularity that falls off steeply from the first items to the last, busier weekends,
 * and day-to-day noise. Answers the per-day rows, scaled to the wanted number of events.
 */
function simulatedDays(today) {
  const firstDay = Date.parse(today) - (settings.days - 1) * dayMs;
  const lives = Array.from({ length: settings.items }, (_, index) => {
    // The first item is the flagship: the most popular, and there all along.
    const length =
      index === 0 ? settings.days : Math.max(7, Math.floor(settings.days * Math.random() ** 0.7));
    const start = Math.floor((settings.days - length) * Math.random());
    return { index, start, length, popularity: 1 / (index + 10) };
  });
  const expected = lives.reduce((sum, life) => sum + life.popularity * life.length, 0);
  const scale = settings.events / expected;
  const rows = [];
  let events = 0;
  for (const life of lives) {
    const id = itemId(life.index);
    const kind = trackedKinds[life.index % trackedKinds.length];
    for (let offset = 0; offset < life.length; offset += 1) {
      const time = firstDay + (life.start + offset) * dayMs;
      const weekday = new Date(time).getUTCDay();
      const busy = weekday === 0 || weekday === 6 ? 1.3 : 0.9;
      const expected = life.popularity * scale * busy * (0.5 + Math.random());
      // Rounded up or down at random, so the rare items keep their share of the events.
      const count = Math.floor(expected) + (Math.random() < expected % 1 ? 1 : 0);
      if (count === 0) continue;
      const clicks = Math.round(count * (0.05 + 0.15 * Math.random()));
      rows.push({
        item_id: id,
        day: new Date(time).toISOString().slice(0, 10),
        kind,
        views: count - clicks,
        clicks,
      });
      events += count;
    }
  }
  return { rows, events };
}

async function fill(db, rows) {
  const totals = new Map();
  for (const row of rows) {
    const total = totals.get(row.item_id) ?? {
      item_id: row.item_id,
      kind: row.kind,
      views: 0,
      clicks: 0,
    };
    total.views += row.views;
    total.clicks += row.clicks;
    totals.set(row.item_id, total);
  }
  const insert = async (table, list) => {
    for (let start = 0; start < list.length; start += 50_000) {
      await db.transaction().execute(async (trx) => {
        const slice = list.slice(start, start + 50_000);
        for (let at = 0; at < slice.length; at += 1_000) {
          await trx
            .insertInto(table)
            .values(slice.slice(at, at + 1_000))
            .execute();
        }
      });
    }
  };
  await insert('item_daily_counts', rows);
  await insert('item_totals', [...totals.values()]);
}

async function main() {
  const env = benchEnvironment('dashboard');
  const config = loadConfig(env);
  const app = await buildApp(config);
  const { db, clock } = app.dealdesk.context;
  const today = businessDay(clock(), config.timeZone);

  const filling = performance.now();
  const { rows, events } = simulatedDays(today);
  await fill(db, rows);
  const fillSeconds = (performance.now() - filling) / 1000;

  await app.dealdesk.auth.ensureFirstAdmin();
  const admin = await db.selectFrom('admins').select('id').executeTakeFirstOrThrow();
  const { token } = await app.dealdesk.auth.tokens.issue('api', admin.id, null, { prefix: 'ddk_' });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const api = createApiClient({ baseUrl, apiKey: config.apiKey, secret: config.secret, token });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const range = {
    startDate: new Date(Date.parse(today) - 364 * dayMs).toISOString().slice(0, 10),
    endDate: today,
  };
  /** The answer as the server sends it (still encrypted): what the server takes. */
  const answerOnly = (id) =>
    new Promise((resolve, reject) => {
      const path = `/api/admin/view/dashbord/${id}?startDate=${range.startDate}&endDate=${range.endDate}`;
      http
        .get(
          `${baseUrl}${path}`,
          { agent, headers: { 'x-api-key': config.apiKey, authorization: `Bearer ${token}` } },
          (response) => {
            response.resume();
            response.on('end', () =>
              response.statusCode === 200 ? resolve() : reject(new Error(path)),
            );
          },
        )
        .on('error', reject);
    });
  /** Through the core's client, which also decrypts the answer as the web app does. */
  const throughClient = async (id) => {
    const answer = await api.dashboard.viewsDashboard(id, range);
    if (!answer.status) throw new Error(answer.message);
  };
  const timed = async (call, ids) => {
    for (const id of ids.slice(0, 20)) await call(id);
    const latencies = [];
    for (const id of ids) {
      const started = performance.now();
      await call(id);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    return {
      p50: round(percentile(latencies, 0.5), 2),
      p95: round(percentile(latencies, 0.95), 2),
    };
  };

  // The flagship (a record every day of the year, the biggest answer) and items at random.
  const flagship = itemId(0);
  const flagshipIds = Array.from({ length: settings.requests }, () => flagship);
  const randomIds = Array.from({ length: settings.requests }, () =>
    itemId(Math.floor(Math.random() * settings.items)),
  );
  const flagshipAnswer = await api.dashboard.viewsDashboard(flagship, range);
  const result = {
    storage: env.DATABASE_URL ? 'PostgreSQL' : 'SQLite',
    machine: machine(),
    storedEvents: events,
    items: settings.items,
    dayRows: rows.length,
    fillSeconds: round(fillSeconds),
    range,
    requests: settings.requests,
    flagshipItem: {
      daysWithViews: flagshipAnswer.views_data.length,
      answerMs: await timed(answerOnly, flagshipIds),
      withClientDecryptionMs: await timed(throughClient, flagshipIds),
    },
    randomItems: {
      answerMs: await timed(answerOnly, randomIds),
      withClientDecryptionMs: await timed(throughClient, randomIds),
    },
  };
  agent.destroy();
  await app.close();
  report('dashboard', result);
}

await main();
