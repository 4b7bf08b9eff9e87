// The rows of an import file, read and checked with the core's schema before anything is sent.
// A large file is checked a part a core (worker threads, and this one), and the checked rows
// come back in the file's order: checking 100,000 rows takes seconds on one core.
import {
  CsvError,
  csvText,
  productRowSchema,
  readCsvRecords,
  type ProductRow,
} from '@dealdesk/core';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { usageError } from '../exit.js';

/** A row of the file as read: its line, and its fields (or why they could not be read). */
export interface ReadRow {
  line: number;
  fields?: Record<string, unknown>;
  problem?: string;
}

export interface Failure {
  line: number;
  message: string;
}

/** JSON Lines; `firstLine` numbers the first (a part of a file read on its own). */
function jsonLines(content: string, firstLine = 1): ReadRow[] {
  return content.split('\n').flatMap((raw, index): ReadRow[] => {
    const source = raw.trim();
    if (source === '') return [];
    const line = index + firstLine;
    try {
      const parsed: unknown = JSON.parse(source);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        return [{ line, problem: 'expected one JSON object a line' }];
      return [{ line, fields: parsed as Record<string, unknown> }];
    } catch {
      return [{ line, problem: 'not valid JSON' }];
    }
  });
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

/** The first issue of a refused row, with the field it is about. */
function issueText(issues: readonly { message: string; path: readonly PropertyKey[] }[]): string {
  const [issue] = issues;
  if (issue === undefined) return 'Invalid row';
  const field = issue.path.map(String).join('.');
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}

/** A row that passed the core's schema, with its line. */
export interface CheckedRow {
  line: number;
  row: ProductRow;
}

export interface CheckedRows {
  /** Rows read (good and bad). */
  rows: number;
  valid: CheckedRow[];
  failures: Failure[];
}

/** What a worker is given: a part of a JSON Lines file, or rows a CSV gave. */
export type RowSource = { jsonl: string; firstLine: number } | { read: ReadRow[] };

export function checkRows(source: RowSource): CheckedRows {
  const read = 'read' in source ? source.read : jsonLines(source.jsonl, source.firstLine);
  const failures: Failure[] = [];
  const valid: CheckedRow[] = [];
  for (const { line, fields, problem } of read) {
    if (problem !== undefined) {
      failures.push({ line, message: problem });
      continue;
    }
    const parsed = productRowSchema.safeParse(fields);
    if (parsed.success) valid.push({ line, row: parsed.data });
    else failures.push({ line, message: issueText(parsed.error.issues) });
  }
  return { rows: read.length, valid, failures };
}

/** Files smaller than this are checked in the calling thread (a worker takes ~0.1 s to start). */
const parallelFromChars = 2 * 1024 * 1024;

/** `content` in `parts` pieces cut at line ends, each with the number of its first line. */
export function jsonlParts(content: string, parts: number): RowSource[] {
  const sources: RowSource[] = [];
  let start = 0;
  let firstLine = 1;
  for (let part = 1; part <= parts && start < content.length; part += 1) {
    const cut = part === parts ? -1 : content.indexOf('\n', (content.length * part) / parts);
    const end = cut === -1 ? content.length : cut + 1;
    const jsonl = content.slice(start, end);
    // A line longer than a part leaves the next part nothing.
    if (jsonl !== '') sources.push({ jsonl, firstLine });
    for (let at = jsonl.indexOf('\n'); at !== -1; at = jsonl.indexOf('\n', at + 1)) firstLine += 1;
    start = end;
  }
  return sources;
}

function checkOnWorker(workerFile: URL, source: RowSource): Promise<CheckedRows> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: source });
    worker.once('message', (checked: CheckedRows) => {
      resolve(checked);
      void worker.terminate();
    });
    worker.once('error', reject);
    // Ended without its rows (killed, out of memory): fail rather than wait for ever.
    worker.once('exit', (code) => reject(new Error(`a row check stopped (exit ${code})`)));
  });
}

/**
 * Reads and checks a whole file. From TypeScript source (the tests) there is no built worker to
 * start: the rows are then checked in the calling thread, as a small file's are.
 */
export async function checkFile(content: string, format: 'jsonl' | 'csv'): Promise<CheckedRows> {
  const whole: RowSource =
    format === 'csv' ? { read: csvRows(content) } : { jsonl: content, firstLine: 1 };
  const workerFile = new URL('./import-worker.js', import.meta.url);
  const threads = Math.min(availableParallelism(), 4);
  if (
    content.length < parallelFromChars ||
    threads < 2 ||
    !workerFile.pathname.endsWith('/dist/commands/import-worker.js')
  )
    return checkRows(whole);
  const sources =
    'read' in whole
      ? Array.from({ length: threads }, (_, part) => ({
          read: whole.read.slice(
            Math.floor((whole.read.length * part) / threads),
            Math.floor((whole.read.length * (part + 1)) / threads),
          ),
        }))
      : jsonlParts(content, threads);
  // The last part is checked here while workers check the others.
  const mine = sources.pop();
  const others = Promise.all(sources.map((source) => checkOnWorker(workerFile, source)));
  const last = mine === undefined ? [] : [checkRows(mine)];
  const parts = [...(await others), ...last];
  return {
    rows: parts.reduce((sum, part) => sum + part.rows, 0),
    valid: parts.flatMap((part) => part.valid),
    failures: parts.flatMap((part) => part.failures),
  };
}
