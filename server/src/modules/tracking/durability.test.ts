// An acknowledged event is never lost: the built server (server/dist, which `npm test` builds
// before running the tests) is killed, or stopped (also when it serves from two workers), while
// the app keeps sending; once it is gone, a fresh connection to its storage (what a restart
// reads) counts every acknowledged batch, and no batch is ever counted in part.
import { createApiClient, type ApiClient, type TrackEvent } from '@dealdesk/core';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../../adapters/storage/database.js';
import { dialects, freshDatabase, killRounds, type TestDatabase } from '../../testing/harness.js';
import { childProcessesOf } from '../../testing/processes.js';
import { trackingRepository } from './repository.js';
import { trackableItems } from './testing.js';

const builtServer = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));
const viewsPerBatch = 15;
const clicksPerBatch = 5;
const senders = 12;
/** Acknowledged batches to wait for before the signal, so the test always has some. */
const acknowledgedBeforeSignal = 60;
/**
 * Made once for every test of a dialect (they share its database): far more than the senders
 * get through (about 90 batches a test; making 20,000 cost up to 5 s a test on PostgreSQL).
 */
const storiesMade = 2_000;

interface RunningServer {
  child: ChildProcess;
  api: ApiClient;
  exited: Promise<number | null>;
  /** Signals the server, or its whole process group as a terminal's Ctrl-C does. */
  signal(signal: NodeJS.Signals): void;
}

/** How the signal reaches the server. */
type Delivery = 'process' | 'group';

async function spawnBuiltServer(
  database: TestDatabase,
  workers: number,
  delivery: Delivery,
): Promise<RunningServer> {
  const apiKey = 'durability-key';
  const secret = randomBytes(32).toString('hex');
  const child = spawn(process.execPath, [builtServer], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DEALDESK_DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      DEALDESK_API_KEY: apiKey,
      DEALDESK_SECRET: secret,
      DEALDESK_ADMIN_PASSWORD: 'durability-admin',
      DEALDESK_WEB_DIR: join(database.dataDir, 'no-web-app'),
      LOG_LEVEL: 'silent',
      DEALDESK_WORKERS: String(workers),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    // A process group of its own, so that the group can be signalled.
    detached: delivery === 'group',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /running at (http:\/\/\S+)/.exec(printed)?.[1];
      if (url !== undefined) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${printed}`)));
  });
  const signal = (name: NodeJS.Signals) =>
    delivery === 'group' ? process.kill(-(child.pid ?? 0), name) : child.kill(name);
  return { child, api: createApiClient({ baseUrl, apiKey, secret }), exited, signal };
}

/**
 * Sends batches (each under an id of its own) from several senders until the server goes away,
 * with `signal` sent once enough batches were acknowledged. Answers every id sent and the
 * acknowledged ones.
 */
async function sendThrough(server: RunningServer, signal: NodeJS.Signals, stories: string[]) {
  const sent: string[] = [];
  const acknowledged = new Set<string>();
  let signalled = false;
  const sender = async () => {
    for (;;) {
      const id = stories.pop();
      if (id === undefined) throw new Error('more batches acknowledged than stories were made');
      const events: TrackEvent[] = [
        ...Array.from({ length: viewsPerBatch }, () => ({
          kind: 'story' as const,
          id,
          event: 'view' as const,
        })),
        ...Array.from({ length: clicksPerBatch }, () => ({
          kind: 'story' as const,
          id,
          event: 'click' as const,
        })),
      ];
      sent.push(id);
      const answer = await server.api.tracking.track({ events });
      if (!answer.status) return;
      if (answer.rejected !== 0) throw new Error(`story ${id} was not counted`);
      acknowledged.add(id);
      if (!signalled && acknowledged.size >= acknowledgedBeforeSignal) {
        signalled = true;
        server.signal(signal);
      }
    }
  };
  await Promise.all(Array.from({ length: senders }, sender));
  return { sent, acknowledged, exitCode: await server.exited };
}

describe.skipIf(!existsSync(builtServer)).each(dialects)(
  'acknowledged events of the built server on %s',
  (dialect) => {
    let database: TestDatabase;
    /** Only existing items are counted: a story for each batch the senders may send. */
    let stories: string[];
    // One database for the file's servers: each test counts its own stories only.
    beforeAll(async () => {
      database = await freshDatabase(dialect);
      await withStorage(async (db) => {
        stories = await trackableItems(db, 'story', storiesMade);
      });
    });
    afterAll(async () => {
      await database.drop();
    });

    /** A connection of its own to the database's storage, closed after `use`. */
    async function withStorage<T>(use: (db: Storage['db']) => Promise<T>): Promise<T> {
      const storage = openStorage(database, (error) => {
        throw error;
      });
      try {
        return await use(storage.db);
      } finally {
        await storage.close();
      }
    }

    const whole = { views: viewsPerBatch, clicks: clicksPerBatch };
    const none = { views: 0, clicks: 0 };

    const stops = [
      ['killed (SIGKILL)', 'SIGKILL', 1, 'process'],
      ['stopped (SIGTERM)', 'SIGTERM', 1, 'process'],
    ] as const;
    // Workers: on SQLite, where their last writes contend for one file. How a signal reaches
    // them does not depend on the database, and a stop's last write on PostgreSQL is above.
    const workerStops = [
      ['stopped (SIGTERM) while two workers serve', 'SIGTERM', 2, 'process'],
      // Each worker gets the signal twice, from the terminal and from the primary.
      ['interrupted by Ctrl-C (its group) while two workers serve', 'SIGINT', 2, 'group'],
    ] as const;

    it.each(dialect === 'sqlite' ? [...stops, ...workerStops] : stops)(
      'keeps every acknowledged batch when the server is %s',
      // A start of the built server (three processes with workers) on a busy machine.
      { repeats: killRounds - 1, timeout: 60_000 },
      async (...[, signal, workers, delivery]) => {
        const server = await spawnBuiltServer(database, workers, delivery);
        // One process serves alone; with workers, the started one serves through them.
        const pid = server.child.pid ?? 0;
        expect(childProcessesOf(pid)).toHaveLength(workers === 1 ? 0 : workers);
        const { sent, acknowledged, exitCode } = await sendThrough(server, signal, stories);
        expect(acknowledged.size).toBeGreaterThanOrEqual(acknowledgedBeforeSignal);
        // A graceful stop exits cleanly (every worker too); a kill leaves no exit code.
        expect(exitCode).toBe(signal === 'SIGKILL' ? null : 0);

        // Read afresh once the server is gone: what its restart would find.
        const counted = await withStorage((db) => trackingRepository(db).totalsOf(sent));
        for (const id of acknowledged) expect(counted.get(id)).toEqual(whole);
        // A batch the server never answered is counted whole or not at all.
        for (const id of sent.filter((sentId) => !acknowledged.has(sentId))) {
          expect([whole, none]).toContainEqual(counted.get(id));
        }
      },
    );
  },
);
