// An acknowledged event is never lost: the built server (server/dist, which `npm test` builds
// before running the tests) is stopped (also when it serves from two workers) while the app
// keeps sending; once it is gone, a fresh connection to its storage (what a restart reads)
// counts every acknowledged batch, and no batch is ever counted in part. Killed (SIGKILL) while
// the app sends: operations/crash.test.ts, at one of its kills (a start of the built server
// each).
import { createApiClient } from '@dealdesk/core';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openStorage, type Storage } from '../../adapters/storage/database.js';
import {
  dialects,
  freshDatabase,
  killRounds,
  testConfig,
  type TestDatabase,
} from '../../testing/harness.js';
import { builtServer, childProcessesOf, startServerProcess } from '../../testing/processes.js';
import { expectBatchesKept, sendTrackingBatches } from '../../testing/tracking-senders.js';
import { trackableItems } from './testing.js';

/** Acknowledged batches to wait for before the signal, so the test always has some. */
const acknowledgedBeforeSignal = 60;
/**
 * Made once for every test of a dialect (they share its database): far more than the senders
 * get through (about 90 batches a test; making 20,000 cost up to 5 s a test on PostgreSQL).
 */
const storiesMade = 2_000;

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

    const stops = [['stopped (SIGTERM)', 'SIGTERM', 1, 'process']] as const;
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
        const server = await startServerProcess(testConfig(database), {
          dataDir: database.dataDir,
          env: { DEALDESK_WORKERS: String(workers), LOG_LEVEL: 'silent' },
          group: delivery === 'group',
        });
        onTestFinished(() => server.stop());
        // One process serves alone; with workers, the started one serves through them.
        expect(childProcessesOf(server.pid)).toHaveLength(workers === 1 ? 0 : workers);
        const batches = sendTrackingBatches(
          createApiClient({
            baseUrl: server.baseUrl,
            apiKey: server.config.apiKey,
            secret: server.config.secret,
          }),
          'story',
          stories,
        );
        await batches.acknowledged(acknowledgedBeforeSignal);
        server.signal(signal);
        const sent = await batches.finished;
        // A graceful stop exits cleanly, every worker too.
        expect((await server.exited).code).toBe(0);
        // Read afresh once the server is gone: what its restart would find.
        await withStorage((db) => expectBatchesKept(db, sent));
      },
    );
  },
);
