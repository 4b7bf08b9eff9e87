// The rows of an import file, read and checked with the core's schema before anything is sent.
// The file is cut into parts of one call's rows each; a large file's parts are shared out
// between this thread and a worker thread as each finishes one (checking 100,000 rows takes
// seconds on one core), and come back in the file's order, each as the JSON its call sends.
import {
  CsvError,
  csvText,
  productExportRowSchema,
  productPatchRowSchema,
  productRowSchema,
  readCsvRecords,
  rowIssueText,
} from '@dealdesk/core';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { usageError } from '../exit.js';

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

export function csvRows(content: string): ReadRow[] {
  let records;
  try {
    records = readCsvRecords(content);
  } catch (error) {
    if (error instanceof CsvError) throw usageError(`The CSV cannot be read: ${error.message}`);
    throw error;
  }
  const [header, ...body] = records;
  if (header === undefined) return [];
  const columns = header.fields.map((name) => name.trim());
  return body.map(({ line, fields }): ReadRow => {
    if (fields.length !== columns.length)
      return {
        line,
        problem: `expected ${columns.length} fields as in the header, found ${fields.length}`,
      };
    return {
      line,
      fields: Object.fromEntries(
        columns.map((column, index) => [column, cellValue(column, fields[index] ?? '')]),
      ),
    };
  });
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
export function checkPart(read: readonly ReadRow[], patches = false): CheckedPart {
  // An update's rows may give any fields beside og_url.
  const schema = patches ? productPatchRowSchema : productRowSchema;
  const failures: Failure[] = [];
  const lines: number[] = [];
  const ogUrls: string[] = [];
  const texts: string[] = [];
  for (const { line, fields, problem, text } of read) {
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
  return { rows: read.length, batch: { lines, ogUrls, json: `[${texts.join(',')}]` }, failures };
}

/** What the parts are cut from: JSON Lines text, or the rows a CSV gave. */
export type RowSource = { jsonl: string } | { read: ReadRow[] };

/** A part: lines (JSON Lines: from `start`, numbered from `firstLine`) or rows (CSV), up to `end`. */
export interface Part {
  start: number;
  end: number;
  firstLine: number;
}

/** The rows of a part (a JSON line's text trimmed, blank lines skipped). */
function rowsOf(source: RowSource, { start, end, firstLine }: Part): ReadRow[] {
  if ('read' in source) return source.read.slice(start, end);
  const rows: ReadRow[] = [];
  let line = firstLine;
  for (let at = start; at < end; line += 1) {
    const cut = source.jsonl.indexOf('\n', at);
    const next = cut === -1 || cut >= end ? end : cut + 1;
    const text = source.jsonl.slice(at, next).trim();
    if (text !== '') rows.push(jsonLine(line, text));
    at = next;
  }
  return rows;
}

/** `source` cut into parts of `size` lines (JSON Lines) or rows (CSV). */
export function partsOf(source: RowSource, size: number): Part[] {
  const parts: Part[] = [];
  if ('read' in source) {
    for (let start = 0; start < source.read.length; start += size)
      parts.push({ start, end: Math.min(start + size, source.read.length), firstLine: 0 });
    return parts;
  }
  const { jsonl } = source;
  let start = 0;
  let firstLine = 1;
  while (start < jsonl.length) {
    let end = start;
    let lines = 0;
    while (lines < size && end < jsonl.length) {
      const cut = jsonl.indexOf('\n', end);
      end = cut === -1 ? jsonl.length : cut + 1;
      lines += 1;
    }
    parts.push({ start, end, firstLine });
    firstLine += lines;
    start = end;
  }
  return parts;
}

/** What a worker is given: the source, its parts, and the shared count of parts taken. */
export interface WorkerTask {
  source: RowSource;
  parts: Part[];
  taken: SharedArrayBuffer;
  /** The rows are an update's: og_url and any of the other fields. */
  patches?: boolean;
}

/** Checks parts until none is left, taking each from the count shared with the other thread. */
export function checkParts({
  source,
  parts,
  taken,
  patches = false,
}: WorkerTask): [number, CheckedPart][] {
  const count = new Int32Array(taken);
  const checked: [number, CheckedPart][] = [];
  for (let index = Atomics.add(count, 0, 1); index < parts.length; index = Atomics.add(count, 0, 1))
    checked.push([index, checkPart(rowsOf(source, parts[index] as Part), patches)]);
  return checked;
}

/** Files smaller than this are checked in the calling thread (a worker takes ~0.1 s to start). */
const parallelFromChars = 2 * 1024 * 1024;

/** A worker checking parts: the parts it checked, and a way to stop it. */
function checkOnWorker(workerFile: URL, task: WorkerTask) {
  const worker = new Worker(workerFile, { workerData: task });
  const checked = new Promise<[number, CheckedPart][]>((resolve, reject) => {
    worker.once('message', (parts: [number, CheckedPart][]) => {
      resolve(parts);
      void worker.terminate();
    });
    worker.once('error', reject);
    // Ended without its rows (killed, out of memory): fail rather than wait for ever.
    worker.once('exit', (code) => reject(new Error(`a row check stopped (exit ${code})`)));
  });
  return {
    checked,
    /** Stops a worker that took no part (this thread checked them all before it started). */
    stop: () => {
      checked.catch(() => {});
      void worker.terminate();
    },
  };
}

export interface CheckedFile {
  /** Rows read (good and bad). */
  rows: number;
  /** The good rows, a call's worth each, in the file's order. */
  batches: Batch[];
  failures: Failure[];
}

/**
 * Reads and checks a whole file, in parts of `batchSize` rows. From TypeScript source (the
 * tests) there is no built worker to start: the calling thread then checks every part, as it
 * does a small file's.
 */
export async function checkFile(
  content: string,
  format: 'jsonl' | 'csv',
  batchSize: number,
  patches = false,
): Promise<CheckedFile> {
  const source: RowSource = format === 'csv' ? { read: csvRows(content) } : { jsonl: content };
  const task: WorkerTask = {
    source,
    parts: partsOf(source, batchSize),
    taken: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT),
    patches,
  };
  const workerFile = new URL('./import-worker.js', import.meta.url);
  const parallel =
    content.length >= parallelFromChars &&
    availableParallelism() >= 2 &&
    workerFile.pathname.endsWith('/dist/commands/import-worker.js');
  // This thread checks parts while the worker starts, then as many as it gets to first.
  const helper = parallel ? checkOnWorker(workerFile, task) : undefined;
  const mine = checkParts(task);
  let theirs: [number, CheckedPart][] = [];
  if (mine.length === task.parts.length) helper?.stop();
  else if (helper !== undefined) theirs = await helper.checked;
  const checked = [...mine, ...theirs].sort(([a], [b]) => a - b);
  const failures = checked.flatMap(([, part]) => part.failures);
  return {
    rows: checked.reduce((sum, [, part]) => sum + part.rows, 0),
    batches: checked.flatMap(([, part]) => (part.batch.lines.length > 0 ? [part.batch] : [])),
    failures,
  };
}
