// The thread that opens, checks and prepares large JSON bodies (body-check.ts): one body a
// message, its outcome posted back with the message's id.
import { parentPort, workerData } from 'node:worker_threads';
import { bodyChecks, checkBody, type WorkerAnswer } from './body-check.js';

const { secret } = workerData as { secret: string };
const key = Buffer.from(secret, 'hex');
const noCheck = { schema: undefined, prepare: undefined };
const checks = bodyChecks();

parentPort?.on('message', ({ id, text, call }: { id: number; text: string; call: string }) => {
  let answer: WorkerAnswer;
  try {
    answer = { id, outcome: checkBody(text, key, checks.get(call) ?? noCheck) };
  } catch (error) {
    answer = { id, failure: (error as Error).message };
  }
  try {
    parentPort?.postMessage(answer);
  } catch (error) {
    // An outcome that cannot be copied back (a schema's output holding a function).
    parentPort?.postMessage({ id, failure: (error as Error).message });
  }
});
