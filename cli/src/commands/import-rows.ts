// The rows of an import file, checked with the core's schema a part (one call's rows) at a time.
// Parts are read from the file as it streams (import-file.ts); for a large file this thread and a
// worker thread take turns checking them (checking 100,000 rows takes seconds on one core), and
// the parts come back in the file's order, each as the JSON its call sends.
import {
  csvText,
  productExportRowSchema,
  productPatchRowSchema,
  productRowSchema,
  rowIssueText,
} from '@dealdesk/core';
import { Worker } from 'node:worker_threads';

/** A row of the file as read: its line, and its fields (or why they could not be read). */
export interface ReadRow {
  line: number;
  fields?: Record<string, unknown>;
  problem?: string;
  /** A JSON Lines row's own text. */
  text?: string;
}

export interface Failure {
  line: number;
  message: string;
}

/** A JSON line's row, or why it is not one. */
function jsonLine(line: number, text: string): ReadRow {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { line, problem: 'expected one JSON object a line' };
    return { line, fields: parsed as Record<string, unknown>, text };
  } catch {
    return { line, problem: 'not valid JSON' };
  }
}

/** Cells of these columns hold JSON text (a list, an object). */
const jsonColumns = new Set(['availableSizes', 'specifications', 'images']);

/**
 * A cell as the export wrote it: the quote that kept a spreadsheet from reading a formula is
 * taken off again (the core's csvText), so an export imports unchanged.
 */
function cellValue(column: string, cell: string): unknown {
  const value = csvText(cell);
  if (!jsonColumns.has(column)) return value;
  const trimmed = value.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return value;
    }
  }
  // A single link or a comma-separated size list is taken as typed.
  return column === 'images' ? (trimmed === '' ? [] : [trimmed]) : value;
}

/** A CSV record under the header's `columns`, as a row. */
export function csvRow(columns: readonly string[], line: number, cells: string[]): ReadRow {
  if (cells.length !== columns.length)
    return {
      line,
      problem: `expected ${columns.length} fields as in the header, found ${cells.length}`,
    };
  return {
    line,
    fields: Object.fromEntries(
      columns.map((column, index) => [column, cellValue(column, cells[index] ?? '')]),
    ),
  };
}

/**
 * A part of the file, one call's rows: JSON Lines text (its lines numbered from `firstLine`),
 * or the rows a CSV's records gave.
 */
export type Part = { jsonl: string; firstLine: number } | { read: ReadRow[] };

/**
 * The rows of a part (a JSON line's text trimmed, blank lines skipped), each parsed as it is
 * checked: a part's 5,000 rows are never all held parsed at once.
 */
export function* rowsOf(part: Part): Generator<ReadRow> {
  if ('read' in part) return yield* part.read;
  const { jsonl } = part;
  let line = part.firstLine;
  for (let at = 0; at < jsonl.length; line += 1) {
    const cut = jsonl.indexOf('\n', at);
    const next = cut === -1 ? jsonl.length : cut + 1;
    const text = jsonl.slice(at, next).trim();
    if (text !== '') yield jsonLine(line, text);
    at = next;
  }
}

/** The good rows of a part, as its call sends them. */
export interface Batch {
  /** Each row's line, in order. */
  lines: number[];
  /** Each row's og_url as checked. */
  ogUrls: string[];
  /** The rows as one JSON array. */
  json: string;
}

/** A part of the file checked: the rows read (good and bad), the good ones, the refused ones. */
export interface CheckedPart {
  rows: number;
  batch: Batch;
  failures: Failure[];
}

/** Fields an export's row holds: a row with only these is sent as its line holds it. */
const sentAsWritten = new Set(Object.keys(productExportRowSchema.shape));

/**
 * Checks rows. A good JSON line holding only a row's fields is sent as written (the server
 * checks it with the same schema, and writing it again cost as much as checking it); other
 * rows go as the schema gives them, so what the server does not read is not carried.
 */
export function checkPart(read: Iterable<ReadRow>, patches = false): CheckedPart {
  // An update's rows may give any fields beside og_url.
  const schema = patches ? productPatchRowSchema : productRowSchema;
  const failures: Failure[] = [];
  const lines: number[] = [];
  const ogUrls: string[] = [];
  const texts: string[] = [];
  let rows = 0;
  for (const { line, fields, problem, text } of read) {
    rows += 1;
    if (problem !== undefined) {
      failures.push({ line, message: problem });
      continue;
    }
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      failures.push({ line, message: rowIssueText(parsed.error.issues) });
      continue;
    }
    lines.push(line);
    ogUrls.push(parsed.data.og_url);
    const asWritten =
      text !== undefined && Object.keys(fields ?? {}).every((key) => sentAsWritten.has(key));
    texts.push(asWritten ? text : JSON.stringify(parsed.data));
  }
  return { rows, batch: { lines, ogUrls, json: `[${texts.join(',')}]` }, failures };
}

/** What the worker is asked: a part to check, numbered so its answer finds its caller. */
export interface PartRequest {
  id: number;
  part: Part;
  patches: boolean;
}

/** A worker thread checking the parts it is sent, one at a time. */
function startChecker(workerFile: URL) {
  const worker = new Worker(workerFile);
  type Waiting = { resolve: (part: CheckedPart) => void; reject: (reason: Error) => void };
  const waiting = new Map<number, Waiting>();
  let sent = 0;
  let stopped: Error | undefined;
  const fail = (reason: Error) => {
    stopped = reason;
    for (const { reject } of waiting.values()) reject(reason);
    waiting.clear();
  };
  worker.on('message', ([id, checked]: [number, CheckedPart]) => {
    waiting.get(id)?.resolve(checked);
    waiting.delete(id);
  });
  worker.once('error', fail);
  // Ended without answering (killed, out of memory): fail rather than wait for ever.
  worker.once('exit', (code) => fail(new Error(`a row check stopped (exit ${code})`)));
  return {
    check: (part: Part, patches: boolean) =>
      new Promise<CheckedPart>((resolve, reject) => {
        if (stopped !== undefined) return reject(stopped);
        sent += 1;
        waiting.set(sent, { resolve, reject });
        worker.postMessage({ id: sent, part, patches } satisfies PartRequest);
      }),
    stop: () => {
      worker.removeAllListeners('exit');
      void worker.terminate();
    },
  };
}

/** Parts checked ahead of the one the caller is given: bounds what is held in memory. */
const checkedAhead = 2;

/**
 * The parts, checked, in the file's order. With `parallel` (a large file, and the built CLI:
 * from TypeScript source, the tests, there is no built worker to start) every other part goes
 * to a worker thread while this thread checks the others.
 */
export async function* checkedParts(
  parts: AsyncIterable<Part>,
  patches: boolean,
  parallel: boolean,
): AsyncGenerator<CheckedPart> {
  const workerFile = new URL('./import-worker.js', import.meta.url);
  const checker =
    parallel && workerFile.pathname.endsWith('/dist/commands/import-worker.js')
      ? startChecker(workerFile)
      : undefined;
  const ahead: Promise<CheckedPart>[] = [];
  let turn = 0;
  try {
    for await (const part of parts) {
      turn += 1;
      const checking =
        checker !== undefined && turn % 2 === 1
          ? checker.check(part, patches)
          : Promise.resolve(checkPart(rowsOf(part), patches));
      // Awaited in its turn: a check failing while an earlier one is awaited is not unhandled.
      checking.catch(() => {});
      ahead.push(checking);
      if (ahead.length > checkedAhead) yield await (ahead.shift() as Promise<CheckedPart>);
    }
    for (let next = ahead.shift(); next !== undefined; next = ahead.shift()) yield await next;
  } finally {
    checker?.stop();
  }
}
