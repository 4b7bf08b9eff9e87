// SQLite's write-ahead log is copied back into the database file by a checkpoint, and the
// copy ends with an fsync that takes hundreds of milliseconds after a large write (a bulk
// event update dirties thousands of pages). Left to SQLite, the commit that crosses the log's
// size limit pays it, on the event loop. Here a worker thread with its own connection does it
// in the background instead; the server's connection only checkpoints itself (at a much larger
// size) should the worker fall behind.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker copies the log back (a no-op when there is nothing new). */
const everyMs = 500;

/** The server connection's own checkpoint threshold, in pages: a safety net only. */
export const fallbackCheckpointPages = 16_384;

// Plain CommonJS evaluated in the worker, so it runs the same from the sources (tests) and
// from dist. It ends by closing its connection when the parent posts 'stop'.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const database = new SQLite(workerData.file);
database.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message) });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  database.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Copies what is left, closes the worker's connection and ends the worker. */
  stop(): Promise<void>;
}

/** Starts checkpointing `file` (a database in WAL mode) from a worker thread. */
export function startCheckpoints(file: string, onFailure: (error: Error) => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(workerSource, { eval: true, workerData: { file, driver, everyMs } });
  worker.on('message', (message: { failed: string }) =>
    onFailure(new Error(`background checkpoint failed: ${message.failed}`)),
  );
  worker.on('error', onFailure);
  // The server may exit without stopping it (a failed start): the worker must not hold it up.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: async () => {
      worker.ref(); // held until its last checkpoint is done
      worker.postMessage('stop');
      await exited;
    },
  };
}
