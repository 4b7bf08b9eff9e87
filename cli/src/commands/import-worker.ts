// A worker thread of `products import`: checks parts of the file beside the main thread
// (import-rows.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { checkParts, type WorkerTask } from './import-rows.js';

parentPort?.postMessage(checkParts(workerData as WorkerTask));
