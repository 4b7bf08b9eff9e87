// The second pass of `products import` (import.ts): the checked rows sent, a call's worth at a
// time as the file is read again, a few calls in flight; what each call did, or why it failed,
// kept for the summary.
import { JsonText, rowsNamedIn, type OnExisting } from '@dealdesk/core';
import { failureOf, OutcomeUnknown, ServerUnreachable, type Connection } from '../connection.js';
import type { Context } from '../context.js';
import type { CliError } from '../exit.js';
import type { Interruption } from '../interrupt.js';
import type { Progress } from '../terminal/progress.js';
import type { Batch, CheckedPart, Failure } from './import-rows.js';

export type Outcome = 'created' | 'updated' | 'skipped';

/**
 * What became of a batch: the rows last sent, the rows the server refused by name, and the
 * answer for the rows sent (or why they failed).
 */
type Sent = { rows: Batch; refused: Failure[] } & (
  | { results: { _id: string; status: Outcome }[]; failure?: undefined }
  | { results?: undefined; failure: CliError }
);

/**
 * Sends a batch. A refusal naming its rows (an unknown category) wrote nothing: those rows fail
 * at their own lines and the rest is sent again without them.
 */
export const batchSender =
  (connection: Connection, onExisting: OnExisting) =>
  async (batch: Batch): Promise<Sent> => {
    const refused: Failure[] = [];
    let rows = batch;
    for (;;) {
      const answer = await connection.api.products.bulk({
        products: new JsonText(rows.json),
        onExisting,
      });
      if (answer.status && answer.results !== undefined)
        return { rows, refused, results: answer.results };
      const failure = failureOf(answer, connection.settings);
      const named = rowsNamedIn(failure.message).filter(({ row }) => row <= rows.lines.length);
      if (failure instanceof ServerUnreachable || named.length === 0)
        return { rows, refused, failure };
      const { lines } = rows;
      refused.push(...named.map(({ row, message }) => ({ line: lines[row - 1] ?? 0, message })));
      const dropped = new Set(named.map(({ row }) => row - 1));
      const kept = (_: unknown, index: number) => !dropped.has(index);
      rows = {
        lines: lines.filter(kept),
        ogUrls: rows.ogUrls.filter(kept),
        json: JSON.stringify((JSON.parse(rows.json) as unknown[]).filter(kept)),
      };
      if (rows.lines.length === 0) return { rows, refused, results: [] };
    }
  };

/** The good rows of the checked parts (the first pass named the refused ones). */
export async function* goodBatches(parts: AsyncIterable<CheckedPart>): AsyncGenerator<Batch> {
  for await (const { batch } of parts) if (batch.lines.length > 0) yield batch;
}

interface SendAll {
  context: Context;
  batches: AsyncGenerator<Batch>;
  /** Good rows in all: those not sent are counted from it. */
  valid: number;
  send: (batch: Batch) => Promise<Sent>;
  inFlight: number;
  progress: Progress;
  interruption: Interruption;
}

/** What the calls did. */
export interface Sending {
  /** Each row's product and outcome: kept for --json only, which lists them. */
  results: { line: number; _id: string; status: Outcome }[];
  counts: Record<Outcome, number>;
  failures: Failure[];
  /** Lines of calls sent whose answer never came: they may have been written. */
  unknownLines: number[];
  notSent: number;
  /** Why sending stopped, when the server could not be reached or did not answer. */
  unreachable?: ServerUnreachable;
}

/** Sends the batches, `inFlight` calls at a time, until they are all sent or it must stop. */
export async function sendAll({
  context,
  batches,
  valid,
  send,
  inFlight,
  progress,
  interruption,
}: SendAll): Promise<Sending> {
  const done: Sending = {
    results: [],
    counts: { created: 0, updated: 0, skipped: 0 },
    failures: [],
    unknownLines: [],
    notSent: 0,
  };
  let sentRows = 0;
  let exhausted = false;
  const pending: Promise<Sent>[] = [];
  try {
    for (;;) {
      while (
        pending.length < inFlight &&
        !exhausted &&
        !interruption.interrupted &&
        done.unreachable === undefined
      ) {
        const next = await batches.next();
        if (next.done === true) exhausted = true;
        else {
          const sending = send(next.value);
          // Awaited in its turn: a call failing while an earlier one is awaited is not unhandled.
          sending.catch(() => {});
          pending.push(sending);
          sentRows += next.value.lines.length;
        }
      }
      const sent = await pending.shift();
      if (sent === undefined) break;
      noteSent(sent, done, context.json, progress);
    }
  } finally {
    progress.done();
  }
  if (done.unreachable === undefined) done.notSent += valid - sentRows;
  else {
    // The rows not sent fail with the reason, each named at its line.
    const message =
      done.unreachable instanceof OutcomeUnknown
        ? "Not sent: an earlier call's answer did not arrive"
        : done.unreachable.message;
    for await (const { lines } of batches) {
      done.failures.push(...lines.map((line) => ({ line, message })));
      done.notSent += lines.length;
    }
  }
  return done;
}

/** Counts what a call did; `listed`: each row's result is kept (--json lists them). */
function noteSent(sent: Sent, done: Sending, listed: boolean, progress: Progress) {
  done.failures.push(...sent.refused);
  if (sent.results !== undefined) {
    sent.results.forEach((result, position) => {
      if (listed) done.results.push({ line: sent.rows.lines[position] ?? 0, ...result });
      done.counts[result.status] += 1;
    });
    progress.add(sent.rows.lines.length + sent.refused.length, sent.refused.length);
    return;
  }
  const { failure } = sent;
  if (failure instanceof OutcomeUnknown) done.unknownLines.push(...sent.rows.lines);
  else done.failures.push(...sent.rows.lines.map((line) => ({ line, message: failure.message })));
  if (failure instanceof ServerUnreachable) {
    // Nothing more is sent.
    done.unreachable = failure;
    done.notSent += sent.rows.lines.length;
  } else progress.add(sent.rows.lines.length + sent.refused.length, sent.rows.lines.length);
}
