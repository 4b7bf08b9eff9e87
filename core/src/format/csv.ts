// Rows as CSV (RFC 4180) and as JSON Lines: the writer of streamed exports, the same on the
// server, in the CLI and in the web app. CSV cells: a number as it is, a list or an object as
// its JSON text, text as it is but neutralised where a spreadsheet would read it as a formula
// (OWASP "CSV injection"); a field holding a comma, a quote, CR or LF is quoted, its quotes
// doubled, and records end with CRLF. JSON Lines: one JSON object a line, nothing neutralised.

/**
 * The characters that make a spreadsheet read a cell as a formula (OWASP): text starting with
 * one of them is written with a single quote ' before it. Text that starts with quotes and then
 * one of them gets one more quote too, so that stripping one quote (csvText) always gives the
 * text back.
 */
export const csvNeutralisedStarts = ['=', '+', '-', '@', '\t', '\r'] as const;

const neutralisedStart = new Set<string>(csvNeutralisedStarts);

/** The quote a neutralised cell starts with. */
const neutralisingQuote = "'";

/** Whether text, past any leading quotes, starts with a formula character. */
function readsAsFormula(text: string): boolean {
  let at = 0;
  while (text[at] === neutralisingQuote) at += 1;
  const first = text[at];
  return first !== undefined && neutralisedStart.has(first);
}

/** Text as a CSV cell holds it: with a quote before it when a spreadsheet would run it. */
export const neutraliseCsvText = (text: string): string =>
  readsAsFormula(text) ? `${neutralisingQuote}${text}` : text;

/**
 * The text a cell of our CSV stands for (what an importer reads back): the one quote that
 * neutralised it removed. The inverse of neutraliseCsvText for every text.
 */
export const csvText = (cell: string): string =>
  cell.startsWith(neutralisingQuote) && readsAsFormula(cell) ? cell.slice(1) : cell;

const needsQuotes = /[",\r\n]/;

/** One field, quoted when it holds a comma, a quote, CR or LF (its quotes doubled). */
export const csvField = (text: string): string =>
  needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;

/**
 * One value as its cell: nothing for null and undefined, numbers and flags as they print,
 * lists and objects as JSON text, text neutralised.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return csvField(neutraliseCsvText(value));
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return csvField(JSON.stringify(value));
}

/** CSV's line end (RFC 4180). */
export const csvLineEnd = '\r\n';

/** The header record: the column names as they are (ours, never neutralised). */
export const csvHeader = (columns: readonly string[]): string =>
  `${columns.map(csvField).join(',')}${csvLineEnd}`;

/** One record: the row's values in the columns' order. */
export const csvRecord = (columns: readonly string[], row: Readonly<Record<string, unknown>>) =>
  `${columns.map((column) => csvCell(row[column])).join(',')}${csvLineEnd}`;

/** One line of JSON Lines. */
export const jsonLine = (row: unknown): string => `${JSON.stringify(row)}\n`;

/**
 * The formats a streamed list is written in: media type, the Content-Type header sent (UTF-8
 * either way) and file extension.
 */
export const rowFormats = {
  csv: { mediaType: 'text/csv', contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  jsonl: {
    mediaType: 'application/x-ndjson',
    contentType: 'application/x-ndjson',
    extension: 'jsonl',
  },
} as const;
export type RowFormat = keyof typeof rowFormats;

/** About this much text is written at once: a few rows would cost a write each. */
const chunkSize = 64 * 1024;

/**
 * The text of rows in a format, in chunks of about 64 KiB: CSV starts with its header record.
 * Rows are read as the chunks are taken, so a consumer that waits (backpressure) holds the
 * reading too, and memory stays at one chunk whatever the number of rows.
 */
export async function* rowsText(
  format: RowFormat,
  columns: readonly string[],
  rows:
    AsyncIterable<Readonly<Record<string, unknown>>> | Iterable<Readonly<Record<string, unknown>>>,
): AsyncGenerator<string> {
  let chunk = format === 'csv' ? csvHeader(columns) : '';
  for await (const row of rows) {
    chunk += format === 'csv' ? csvRecord(columns, row) : jsonLine(row);
    if (chunk.length >= chunkSize) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}
