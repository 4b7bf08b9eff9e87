// A JSON body opened and checked against its declaration. Small bodies are opened as they
// arrive (envelope.ts) and checked by the route. A large one (a bulk import's 5,000 products
// are 3 MB sealed) is kept as text and opened, parsed and checked on a thread of its own, with
// its schema found there by the call's name: that is most of such a call's work, and the main
// thread meanwhile writes the call before it (imports keep two calls in flight).
import { allEndpoints, type AnyEndpoint } from '@dealdesk/core';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { bodyPreparers, type BodyPreparer } from './body-preparers.js';
import { openBody, type SealedBody } from './envelope.js';
import { HttpError } from './errors.js';

/** What became of a body: its checked, prepared value, the schema's issues, or a refusal (400). */
export type BodyOutcome =
  | { value: unknown; digest: string }
  | { issues: z.core.$ZodIssue[]; digest: string }
  | { refusal: string };

/** How a call's body is checked, then prepared for its handler (body-preparers.ts). */
export interface BodyCheck {
  schema: z.ZodType | undefined;
  prepare: BodyPreparer | undefined;
}

/** The check of `call`'s body. */
export const bodyCheckOf = (call: AnyEndpoint): BodyCheck => ({
  schema: call.body?.schema,
  prepare: bodyPreparers.get(call),
});

/** Opens `text`, checks it with `schema` (none: the value is not needed) and prepares it. */
export function checkBody(text: string, key: Buffer, { schema, prepare }: BodyCheck): BodyOutcome {
  let opened;
  try {
    opened = openBody(text, key);
  } catch (error) {
    if (error instanceof HttpError) return { refusal: error.message };
    throw error;
  }
  if (schema === undefined) return { value: undefined, digest: opened.digest };
  const checked = schema.safeParse(opened.value);
  if (!checked.success) return { issues: checked.error.issues, digest: opened.digest };
  const value = prepare === undefined ? checked.data : prepare(checked.data as never);
  return { value, digest: opened.digest };
}

/** The body checks by call name: the worker finds a call's check by the name it is sent. */
export const bodyChecks = (): Map<string, BodyCheck> =>
  new Map(allEndpoints().map(({ name, call }) => [name, bodyCheckOf(call)]));

type Settle = { resolve: (outcome: BodyOutcome) => void; reject: (error: Error) => void };

/**
 * Checks large bodies on one worker thread, started once the server listens (or by the first
 * large body) and ended with the server; `onSent` hears of each body sent to it (the metrics
 * count them). From TypeScript source (the tests) there is no built worker to start: the same
 * check then runs in the calling thread.
 */
export function bodyChecker(onSent: () => void) {
  const names = new Map(allEndpoints().map(({ name, call }) => [call, name]));
  const workerFile = new URL('./body-worker.js', import.meta.url);
  const offThread = workerFile.pathname.endsWith('/dist/http/body-worker.js');
  const pending = new Map<number, Settle>();
  let worker: Worker | undefined;
  let sent = 0;

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const started = (): Worker => {
    if (worker !== undefined) return worker;
    const thread = new Worker(workerFile);
    thread.on('message', ({ id, outcome, failure }: WorkerAnswer) => {
      const settle = pending.get(id);
      pending.delete(id);
      if (failure !== undefined) settle?.reject(new Error(`the body check failed: ${failure}`));
      else if (outcome !== undefined) settle?.resolve(outcome);
    });
    // A worker that dies fails the calls it held; the next large body starts another.
    thread.on('error', failAll);
    thread.on('exit', () => {
      if (worker === thread) worker = undefined;
      failAll(new Error('the body check thread stopped'));
    });
    // Idle, it does not keep the process alive.
    thread.unref();
    worker = thread;
    return thread;
  };

  const outcomeOf = (body: SealedBody, call: AnyEndpoint): Promise<BodyOutcome> => {
    const check = bodyCheckOf(call);
    if (!offThread || check.schema === undefined)
      return Promise.resolve(checkBody(body.text, body.key, check));
    const id = (sent += 1);
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      started().postMessage({ id, text: body.text, key: body.key, call: names.get(call) });
      onSent();
    });
  };

  return {
    /**
     * The checked body of `call`, prepared for its handler (the schema's error, or a 400 for a
     * body it cannot open).
     */
    async check(body: SealedBody, call: AnyEndpoint): Promise<{ value: unknown; digest: string }> {
      const outcome = await outcomeOf(body, call);
      if ('refusal' in outcome) throw new HttpError(400, outcome.refusal);
      // Answered as the route's own check would answer them (errors.ts).
      if ('issues' in outcome) throw new z.ZodError(outcome.issues);
      return outcome;
    },
    /**
     * Starts the thread before any large body comes: loading its modules takes a third of a
     * second, which an import's first call waited for (bench/cli/import.mjs). Idle, it costs a
     * thread and about 25 MB.
     */
    start: (): void => {
      if (offThread) started();
    },
    close: async () => {
      await worker?.terminate();
    },
  };
}

export type BodyChecker = ReturnType<typeof bodyChecker>;

/** What the worker answers for a body sent to it. */
export interface WorkerAnswer {
  id: number;
  outcome?: BodyOutcome;
  failure?: string;
}
