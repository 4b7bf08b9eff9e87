// Killed mid-write (SIGKILL), then started again on the same storage. The built server
// (server/dist, which `npm test` builds first) runs in a process of its own and is killed at
// a moment the test waits for (a write transaction open, a commit seen, a file appearing, an
// answer), never after a delay; the restart (the built server again, or for the last kill the
// same code in this process) then shows what was kept:
// - a bulk event update of products is all or nothing, and once answered it is all there;
// - an upload leaves no story pointing at a missing or partial file, no file in media/ that no
//   story points at, an answered upload whole, and no spool folder of the dead process;
// - the app's views and clicks: every acknowledged batch counted, none in part (stops of the
//   server while the app sends: modules/tracking/durability.test.ts).
import {
  createApiClient,
  decryptResponse,
  productEvents,
  type ProductEvent,
  type ResponseEnvelope,
} from '@dealdesk/core';
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, watch } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { basename, join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../adapters/storage/database.js';
import type { ServerConfig } from '../config.js';
import { newId } from '../ids.js';
import { detailColumns } from '../modules/products/rows.js';
import { sampleBytes } from '../modules/stories/testing.js';
import { trackableItems } from '../modules/tracking/testing.js';
import {
  createTestAdmin,
  dialects,
  freshDatabase,
  killRounds,
  startTestServer,
  testConfig,
  type DialectUnderTest,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { builtServer, startServerProcess, type ServerProcess } from '../testing/processes.js';
import { expectBatchesKept, sendTrackingBatches } from '../testing/tracking-senders.js';

/**
 * Products the bulk update sets at once (the call takes up to 10,000 ids). Not fewer: the
 * update's transaction stays open a tenth of a second or more, the window the 'writing' kill
 * must land in (the test fails unless one did).
 */
const productCount = 4_000;
/**
 * The story video uploaded: 8 MB (under the 30 MB limit). Still 32 of the test's writes, so
 * mid-body holds half of it back, and several milliseconds of copying into media/ to kill in.
 */
const videoBytes = 8 * 1024 * 1024;

type UploadPoint = 'mid-body' | 'body sent' | 'storing' | 'answered';
type UpdatePoint = 'writing' | 'committed' | 'answered';
/**
 * When a kill lands, for the bulk event update of products: while its transaction is open, once
 * another connection sees it committed (perhaps before the answer), or once answered; for an
 * upload of a story video: mid-body (part of the video sent and spooled, the rest held back),
 * once the whole body is sent (its closing boundary, held back till then, sent just before the
 * kill; perhaps before the answer), as the video is being stored in media/, or once answered.
 */
interface KillPoints {
  update?: UpdatePoint;
  /** One upload for each point, under way at once. */
  uploads: UploadPoint[];
  /** The app sending views and clicks, some batches acknowledged already. */
  tracking?: 'sending';
}
/**
 * Every kill costs a start of the built server, so a kill lands on as many points as can be
 * reached at once: first those that hold still (uploads held mid-body, held before their last
 * bytes or answered, an update answered), then the one point that passes by (the update's
 * transaction open or its commit seen, a video being stored), and an upload's last bytes just
 * before the kill. Every point of each write comes once a round.
 */
const killPoints: KillPoints[] = [
  { uploads: ['mid-body', 'body sent'], update: 'writing' },
  { uploads: ['answered'], update: 'committed' },
  // The app's senders write all the time: they send at the kill that looks for no transaction.
  { update: 'answered', uploads: ['storing'], tracking: 'sending' },
];
/**
 * Between two polls of the storage, in milliseconds: polling without a gap would take a core
 * from the server it watches, and the windows polled for last a tenth of a second or more.
 */
const pollGap = 1;

/** Tracking batches acknowledged before the kill, so that the check always has some. */
const acknowledgedBeforeKill = 60;
/** Banners to track, an item for each batch: far more than the senders get through. */
const bannersMade = 2_000;
/** The kill points once a round (more rounds with DEALDESK_LONG_TESTS=1). */
const inRounds = <Point>(points: Point[]) =>
  Array.from({ length: killRounds }, () => points).flat();

/**
 * Another connection to the same storage, as a second process would have: it sees what is
 * committed, and whether a write transaction is open.
 */
interface Observer {
  /** Products per event, as committed. */
  eventCounts(): Promise<Map<string, number>>;
  /** The stories' rows, as committed. */
  stories(): Promise<{ id: string; video: string }[]>;
  /** Whether some other connection holds a write transaction open right now. */
  writing(): Promise<boolean>;
  /** Resolves once the connections of the dead server are gone (PostgreSQL ends them). */
  deadServerGone(): Promise<void>;
  close(): Promise<void>;
}

async function observe(dialect: DialectUnderTest, database: TestDatabase): Promise<Observer> {
  if (dialect === 'sqlite') {
    // timeout 0: a busy write lock answers SQLITE_BUSY at once instead of waiting.
    const sqlite = new Database(join(database.dataDir, 'dealdesk.sqlite'), { timeout: 0 });
    const count = sqlite.prepare('SELECT events, count(*) AS n FROM products GROUP BY events');
    const stories = sqlite.prepare('SELECT id, video FROM stories');
    return {
      eventCounts: () =>
        Promise.resolve(
          new Map(
            (count.all() as { events: string; n: number }[]).map((row) => [row.events, row.n]),
          ),
        ),
      stories: () => Promise.resolve(stories.all() as { id: string; video: string }[]),
      writing: () => {
        // The write lock is free unless a transaction that wrote is open (the background
        // checkpoints are PASSIVE and never take it).
        try {
          sqlite.exec('BEGIN IMMEDIATE');
          sqlite.exec('ROLLBACK');
          return Promise.resolve(false);
        } catch (error) {
          if ((error as { code?: string }).code === 'SQLITE_BUSY') return Promise.resolve(true);
          throw error;
        }
      },
      deadServerGone: () => Promise.resolve(),
      close: () => Promise.resolve(void sqlite.close()),
    };
  }
  const client = new pg.Client({ connectionString: database.databaseUrl ?? '' });
  await client.connect();
  return {
    eventCounts: async () =>
      new Map(
        (
          await client.query<{ events: string; n: number }>(
            'SELECT events, count(*)::int AS n FROM products GROUP BY events',
          )
        ).rows.map((row) => [row.events, row.n]),
      ),
    stories: async () =>
      (await client.query<{ id: string; video: string }>('SELECT id, video FROM stories')).rows,
    writing: async () => {
      // A transaction has an id once it wrote; the server's update holds one until it ends.
      const open = await client.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
           AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL
           AND query ILIKE 'update "products"%'`,
      );
      return (open.rowCount ?? 0) > 0;
    },
    deadServerGone: async () => {
      // Only the dead server connected to this database besides this client. A backend whose
      // client died ends once it reads again (after the statement it runs).
      const others = () =>
        client.query(
          'SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
      while (((await others()).rowCount ?? 0) > 0) await pause(pollGap);
    },
    close: () => client.end(),
  };
}

/** Polls `condition` (each poll waits on its own answer) until it holds or `stop` settles. */
async function until(condition: () => Promise<boolean>, stop: Promise<unknown>) {
  let stopped = false;
  const done = () => (stopped = true);
  stop.then(done, done);
  while (!stopped) {
    if (await condition()) return true;
    await pause(pollGap);
  }
  return false;
}

/** Resolves once `dir` holds an entry `accept` takes (watched, not polled). */
async function entryIn(dir: string, accept: (name: string) => Promise<boolean>): Promise<string> {
  const watcher = watch(dir);
  try {
    const seen = new Promise<string>((resolve, reject) => {
      watcher.on('change', (_event, name) => {
        if (typeof name !== 'string') return;
        accept(name).then((yes) => yes && resolve(name), reject);
      });
      watcher.on('error', reject);
    });
    // Already there before the watch began.
    for (const name of await readdir(dir)) if (await accept(name)) return name;
    return await seen;
  } finally {
    watcher.close();
  }
}

const sizeOf = (path: string) =>
  stat(path).then(
    (found) => found.size,
    () => -1,
  );

/** A story upload's answer, opened; null when the connection died without one. */
type UploadAnswer = { status: boolean; message: string; data?: { _id: string } } | null;

/**
 * POST /api/App/Add/Story/Video as a browser sends it (multipart: insertData, then the video
 * under `video`), written by the test as it chooses: `send(upTo)` writes the form up to half
 * the video, up to the closing boundary, or to its end (when left out), and resolves once the
 * bytes are handed to the socket.
 */
function startUpload(baseUrl: string, token: string, config: ServerConfig) {
  const boundary = `----crash${randomBytes(12).toString('hex')}`;
  const insertData = {
    storyTime: 5,
    btnName: '',
    btnUrl: '',
    NTV_ID: '',
    maxviewLimit: 0,
    maxclickLimit: 0,
  };
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="insertData"\r\n\r\n` +
      `${JSON.stringify(insertData)}\r\n--${boundary}\r\n` +
      'Content-Disposition: form-data; name="video"; filename="clip.mp4"\r\n' +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const video = Buffer.alloc(videoBytes);
  video.set(sampleBytes.mp4);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, video, tail]);
  const sent = request(`${baseUrl}/api/App/Add/Story/Video`, {
    method: 'POST',
    headers: {
      'x-api-key': config.apiKey,
      authorization: `Bearer ${token}`,
      'idempotency-key': randomBytes(12).toString('hex'),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
    },
  });
  const failed = new Promise<null>((resolve) => {
    sent.once('error', () => resolve(null));
    sent.once('close', () => resolve(null));
  });
  const answer = new Promise<UploadAnswer>((resolve) => {
    sent.once('error', () => resolve(null));
    sent.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', () => resolve(null));
      response.once('end', () => {
        const envelope = JSON.parse(Buffer.concat(chunks).toString()) as ResponseEnvelope;
        resolve(decryptResponse(envelope, config.secret) as UploadAnswer);
      });
    });
  });
  let written = 0;
  const chunkBytes = 256 * 1024;
  const ends = {
    'half the video': head.length + videoBytes / 2,
    'all but the boundary': body.length - tail.length,
    all: body.length,
  };
  async function send(upTo: keyof typeof ends = 'all'): Promise<void> {
    const end = ends[upTo];
    while (written < end) {
      const chunk = body.subarray(written, Math.min(end, written + chunkBytes));
      written += chunk.length;
      if (written === body.length) {
        await Promise.race([new Promise<void>((resolve) => sent.end(chunk, resolve)), failed]);
        return;
      }
      if (!sent.write(chunk))
        await Promise.race([new Promise((resolve) => sent.once('drain', resolve)), failed]);
    }
  }
  return { send, answer };
}

/**
 * `count` products of one category, written straight to storage: thousands of create calls
 * would only slow the test.
 */
async function seedProducts(db: TestServer['app']['dealdesk']['context']['db'], count: number) {
  const now = new Date();
  const at = now.toISOString();
  const category = newId(now);
  const subcategory = newId(now);
  await db
    .insertInto('categories')
    .values({
      id: category,
      name: 'Crash',
      name_key: 'crash',
      main_image: '',
      bg_image: '',
      total_sub: 1,
      total_products: count,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('subcategories')
    .values({
      id: subcategory,
      category_id: category,
      name: 'Crash',
      name_key: 'crash',
      main_image: '',
      total_products: count,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const rows = Array.from({ length: count }, (_, index) => ({
    id: newId(new Date(now.getTime() + index)),
    ...detailColumns({
      productDetails: {
        title: `Crash lantern ${index}`,
        price: 10,
        og_price: 20,
        og_url: 'https://shop.example.com/p/1',
        category,
        subcategory,
        rating: '0',
        ratingsAndReviews: '',
        deliveryInfo: '',
        availableSizes: [],
        specifications: {},
      },
      events: 'None',
      btn_url: '',
    }),
    images: JSON.stringify([{ url: 'https://cdn.example.com/product.jpg' }]),
    created_at: at,
    updated_at: at,
  }));
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < rows.length; from += 500)
      await trx
        .insertInto('products')
        .values(rows.slice(from, from + 500))
        .execute();
  });
  return rows.map((row) => row.id);
}

describe.skipIf(!existsSync(builtServer)).each(dialects)('killed mid-write on %s', (dialect) => {
  let database: TestDatabase;
  let config: ServerConfig;
  /** A session of an admin made in the database: valid across restarts. */
  let token: string;
  /** The products the bulk update sets. */
  let ids: string[];
  /** Banners not tracked yet. */
  let banners: string[];
  /**
   * The built server running now. A kill ends it and a start on the same storage follows:
   * that start is the restart the round checks, and the next kill's server.
   */
  let running: ServerProcess | null = null;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    config = testConfig(database);
    const server = await startTestServer(config);
    try {
      const admin = await createTestAdmin(server);
      const { db } = server.app.dealdesk.context;
      const row = await db
        .selectFrom('admins')
        .select('id')
        .where('a_id', '=', admin.a_id)
        .executeTakeFirstOrThrow();
      const inADay = new Date(Date.now() + 86_400_000).toISOString();
      ({ token } = await server.app.dealdesk.auth.tokens.issue('session', row.id, inADay));
      ids = await seedProducts(db, productCount);
      banners = await trackableItems(db, 'banner', bannersMade * killRounds);
    } finally {
      await server.close();
    }
    await mkdir(join(database.dataDir, 'media'), { recursive: true });
    await mkdir(join(database.dataDir, 'incoming'), { recursive: true });
  });
  afterAll(async () => {
    await running?.stop();
    await database.drop();
  });

  /** The running server, started when none runs (the first kill, or after a failed round). */
  const started = async () =>
    (running ??= await startServerProcess(config, {
      dataDir: database.dataDir,
      // No scheduled-push poll writing while the test watches for the update's transaction.
      env: { DEALDESK_PUSH_POLL_SECONDS: '3600', LOG_LEVEL: 'silent' },
    }));
  /** SIGKILLs the running server; the next `started()` is the restart on the same storage. */
  async function killRunning() {
    const server = running;
    running = null;
    server?.signal('SIGKILL');
    expect((await server?.exited)?.signal).toBe('SIGKILL');
  }
  /**
   * The restart after a kill: the next kill's server, or after the last kill the same code
   * started in this process (a start of the built process costs seconds of module loading).
   */
  const restarted = async (
    last: boolean,
  ): Promise<{ baseUrl: string; close?: () => Promise<void> }> =>
    last ? startTestServer(config) : started();
  const apiOf = (server: { baseUrl: string }) =>
    createApiClient({
      baseUrl: server.baseUrl,
      apiKey: config.apiKey,
      secret: config.secret,
      token,
    });

  const media = () => join(database.dataDir, 'media');
  const incoming = () => join(database.dataDir, 'incoming');

  /** What each kill's restart found: the update applied or not, files no story points at. */
  const outcomes: { points: KillPoints; applied: boolean | null; orphans: string[] }[] = [];

  it(
    `keeps a bulk event update all or nothing, no story without its whole ${videoBytes / 2 ** 20} MB video, each answered write, and no dead spool`,
    { timeout: 150_000 * killRounds },
    async () => {
      let current: ProductEvent = 'None';
      const kills = inRounds(killPoints);
      for (const [kill, points] of kills.entries()) {
        const server = await started();
        const observer = await observe(dialect, database);
        const mediaBefore = new Set(await readdir(media()));
        const uploads = points.uploads.map((point) => {
          const upload = startUpload(server.baseUrl, token, config);
          // An answer before the upload's kill point would mean it was refused.
          const early = upload.answer.then((answer) => {
            if (point !== 'answered')
              throw new Error(`answered before the kill (${point}): ${JSON.stringify(answer)}`);
          });
          early.catch(() => {});
          const reached = (what: Promise<unknown>) => Promise.race([what, early]);
          return { ...upload, point, reached };
        });

        // First the points that hold still: uploads half sent, sent but for their last bytes,
        // or answered...
        for (const upload of uploads) {
          if (upload.point === 'mid-body') {
            await upload.reached(upload.send('half the video'));
            const spool = String(server.pid);
            await upload.reached(entryIn(incoming(), (name) => Promise.resolve(name === spool)));
            const folder = join(incoming(), spool);
            await upload.reached(
              entryIn(folder, async (name) => (await sizeOf(join(folder, name))) > 0),
            );
          }
          if (upload.point === 'body sent')
            await upload.reached(upload.send('all but the boundary'));
          if (upload.point === 'answered') {
            void upload.send();
            expect(await upload.answer).toMatchObject({ status: true });
          }
        }
        // ...then the update's point...
        const next = productEvents.filter((event) => event !== current)[kill % 3] ?? 'Trending';
        const update =
          points.update === undefined
            ? null
            : apiOf(server).products.updateEvents({ id: ids, event: next });
        if (update !== null) {
          if (points.update === 'writing') await until(() => observer.writing(), update);
          if (points.update === 'committed')
            await until(
              async () => (await observer.eventCounts()).get(next) === productCount,
              update,
            );
          if (points.update === 'answered') expect(await update).toMatchObject({ status: true });
        }
        const tracking =
          points.tracking === undefined
            ? null
            : sendTrackingBatches(apiOf(server), 'banner', banners);
        await tracking?.acknowledged(acknowledgedBeforeKill);
        // ...the upload's point that passes by, and last the whole body sent.
        for (const upload of uploads) {
          if (upload.point === 'storing') {
            void upload.send();
            // The copy into media/ lasts milliseconds: on a busy machine the watch can hear of
            // the file after the answer. Then the kill lands once answered, and the checks
            // below hold the answered upload to its word; it is no refusal.
            await Promise.race([
              entryIn(media(), (name) => Promise.resolve(!mediaBefore.has(name))),
              upload.answer,
            ]);
          }
          if (upload.point === 'body sent') await upload.reached(upload.send());
        }
        const seenCommitted = (await observer.eventCounts()).get(next) === productCount;
        await killRunning();
        // An answer already on its way still arrives; otherwise the connection failed.
        const updated = update === null ? false : (await update).status;
        const uploaded = await Promise.all(uploads.map((upload) => upload.answer));
        await observer.deadServerGone();
        await observer.close();
        const batches = await tracking?.finished;
        if (batches !== undefined) {
          const storage = openStorage(database, (error) => {
            throw error;
          });
          try {
            await expectBatchesKept(storage.db, batches);
          } finally {
            await storage.close();
          }
        }

        // The restart, which has swept the dead process's spool and its unfinished files.
        const restart = await restarted(kill === kills.length - 1);
        const reader = await observe(dialect, database);
        const counts = Object.fromEntries(await reader.eventCounts());
        const stories = await reader.stories();
        await reader.close();
        const listedCount = async (event: ProductEvent) =>
          (await apiOf(restart).products.list({ events: [event], limit: 1 })).totalRecord;
        let listed: Record<string, number | undefined>;
        try {
          listed = { [current]: await listedCount(current), [next]: await listedCount(next) };
        } finally {
          await restart.close?.();
        }
        const files = await readdir(media());
        const sizes = Object.fromEntries(
          await Promise.all(files.map(async (name) => [name, await sizeOf(join(media(), name))])),
        );

        const applied = counts[next] === productCount;
        // All or nothing: the whole set on one of the two events.
        expect([{ [current]: productCount }, { [next]: productCount }]).toContainEqual(counts);
        // The restarted server's catalogue in memory agrees with the rows.
        expect(listed).toEqual({
          [current]: applied ? 0 : productCount,
          [next]: applied ? productCount : 0,
        });
        // Answered, or seen committed by another connection: kept.
        if (updated || seenCommitted) expect(applied).toBe(true);
        if (update === null) expect(applied).toBe(false);

        expect(existsSync(join(incoming(), String(server.pid)))).toBe(false);
        // Every story's files are there, whole.
        const pointedAt = new Set<string>();
        for (const story of stories) {
          expect(story.video).not.toBe('');
          pointedAt.add(basename(story.video));
          expect(sizes[basename(story.video)]).toBe(videoBytes);
        }
        for (const [index, answer] of uploaded.entries()) {
          // An answered upload was kept, file and row.
          if (answer?.status === true)
            expect(stories.map((story) => story.id)).toContain(answer.data?._id);
          if (points.uploads[index] === 'answered') expect(answer?.status).toBe(true);
          if (points.uploads[index] === 'mid-body') expect(answer).toBeNull();
        }

        const known = new Set(outcomes.flatMap((outcome) => outcome.orphans));
        outcomes.push({
          points,
          applied: update === null ? null : applied,
          orphans: Object.keys(sizes).filter((name) => !pointedAt.has(name) && !known.has(name)),
        });
        if (applied) current = next;
      }
      // The kills did land inside a transaction: some update was cut off.
      expect(outcomes.filter((outcome) => outcome.points.update === 'writing')).toContainEqual(
        expect.objectContaining({ applied: false }),
      );
    },
  );

  // The video is stored in media/ before its story row is written: a process killed between
  // the two leaves a noted file (often partly written), which the next start removes.
  it('leaves no file in media/ that no story points at', () => {
    expect(outcomes.map((outcome) => outcome.orphans)).toEqual(inRounds(killPoints).map(() => []));
  });
});
