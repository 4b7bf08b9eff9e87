// The thread that opens, checks and prepares large JSON bodies (body-check.ts): one body a
// message with the key its request named, its outcome posted back with the message's id.
import { parentPort } from 'node:worker_threads';
import { bodyChecks, checkBody, type WorkerAnswer } from './body-check.js';

const noCheck = { schema: undefined, prepare: undefined };
const checks = bodyChecks();

interface Asked {
  id: number;
  text: string;
  /** A Buffer posted arrives as a Uint8Array. */
  key: Uint8Array;
  call: string;
}

parentPort?.on('message', ({ id, text, key, call }: Asked) => {
  let answer: WorkerAnswer;
  try {
    answer = { id, outcome: checkBody(text, Buffer.from(key), checks.get(call) ?? noCheck) };
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
