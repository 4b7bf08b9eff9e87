// A worker thread of `products import`: checks the parts of the file it is sent, beside the main
// thread (import-rows.ts).
import { parentPort } from 'node:worker_threads';
import { checkPart, rowsOf, type PartRequest } from './import-rows.js';

parentPort?.on('message', ({ id, part, patches }: PartRequest) => {
  parentPort?.postMessage([id, checkPart(rowsOf(part), patches)]);
});
