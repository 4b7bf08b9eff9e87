// A worker thread of `products import`: checks its part of the file (import-rows.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { checkRows, type RowSource } from './import-rows.js';

parentPort?.postMessage(checkRows(workerData as RowSource));
