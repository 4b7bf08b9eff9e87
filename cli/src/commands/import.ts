// products import: a catalogue from JSON Lines or CSV (a header row; lists and objects as JSON
// text in their cell). Every row is checked with the core's schema before anything is sent; the
// good rows of each 5,000 of the file (--batch-size) then go in one call (one transaction each),
// matched to existing products by og_url. A refused call fails its rows only: the calls before it stay, and the
// summary says so.
import {
  bulkProductLimit,
  JsonText,
  onExistingChoices,
  rowsNamedIn,
  type OnExisting,
} from '@dealdesk/core';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { text } from 'node:stream/consumers';
import { Option } from '@commander-js/extra-typings';
import { wholeNumber, type Declare } from '../command.js';
import { connect, failureOf, OutcomeUnknown, ServerUnreachable } from '../connection.js';
import type { CliError } from '../exit.js';
import type { Context } from '../context.js';
import { exitCodes, usageError } from '../exit.js';
import { interruptible } from '../interrupt.js';
import { checkFile, type Batch, type Failure } from './import-rows.js';
import { progressOf } from '../terminal/progress.js';
import { renderTable } from '../terminal/table.js';

export const importFormats = ['jsonl', 'csv'] as const;
type ImportFormat = (typeof importFormats)[number];

interface ImportOptions {
  format?: ImportFormat;
  onExisting: OnExisting;
  dryRun?: boolean;
  batchSize: number;
}

/**
 * What became of a batch: the rows last sent, the rows the server refused by name, and the
 * answer for the rows sent (or why they failed).
 */
type Sent = { rows: Batch; refused: Failure[] } & (
  | { results: { _id: string; status: Outcome }[]; failure?: undefined }
  | { results?: undefined; failure: CliError }
);

type Outcome = 'created' | 'updated' | 'skipped';

/** Failed lines listed on a terminal; --json lists them all. */
const failuresShown = 20;

/** The format by the file's name; from standard input, by its first character. */
function formatOf(path: string, content: string, asked: ImportFormat | undefined): ImportFormat {
  if (asked !== undefined) return asked;
  const extension = extname(path).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (['.jsonl', '.ndjson', '.json'].includes(extension)) return 'jsonl';
  return content.trimStart().startsWith('{') ? 'jsonl' : 'csv';
}

async function readInput(path: string, stdin: Context['streams']['stdin']): Promise<string> {
  try {
    return path === '-' ? await text(stdin) : await readFile(path, 'utf8');
  } catch (error) {
    throw usageError(`Cannot read ${path}: ${(error as Error).message}`);
  }
}

/** Lines as short ranges: "4-5000, 5002". */
function lineRanges(lines: number[]): string {
  const ranges: [number, number][] = [];
  for (const line of lines) {
    const last = ranges.at(-1);
    if (last !== undefined && line === last[1] + 1) last[1] = line;
    else ranges.push([line, line]);
  }
  return ranges.map(([start, end]) => (start === end ? `${start}` : `${start}-${end}`)).join(', ');
}

async function importProducts(context: Context, path: string, options: ImportOptions) {
  const content = await readInput(path, context.streams.stdin);
  const format = formatOf(path, content, options.format);
  // Every row is checked before anything is sent.
  const {
    rows: rowsRead,
    batches,
    failures,
  } = await checkFile(content, format, options.batchSize, options.onExisting === 'update');
  const ogUrls = batches.flatMap((batch) => batch.ogUrls);
  if (rowsRead === 0) throw usageError(`${path} holds no products`);

  if (options.dryRun === true) {
    context.result(
      {
        status: failures.length === 0,
        dryRun: true,
        rows: rowsRead,
        valid: ogUrls.length,
        failures,
      },
      () => {
        showFailures(context, failures);
        context.footer(
          `Dry run: ${ogUrls.length} of ${rowsRead} row(s) would be sent${failures.length > 0 ? `, ${failures.length} refused` : ''}. Nothing was sent.`,
        );
      },
    );
    if (failures.length > 0) context.exitWith(exitCodes.failed);
    return;
  }

  const connection = await connect(context);
  const results: { line: number; _id: string; status: Outcome }[] = [];
  const counts: Record<Outcome, number> = { created: 0, updated: 0, skipped: 0 };
  // Three calls in flight when no og_url repeats in the file: the calls then meet no product
  // another makes, so the order the server takes them in changes nothing, and the server checks
  // the next call's rows while it writes one (two left its threads taking turns: 25 % slower,
  // bench/cli/import.mjs). A repeated og_url keeps them one at a time.
  const inFlight = new Set(ogUrls).size === ogUrls.length ? 3 : 1;

  /**
   * Sends a batch. A refusal naming its rows (an unknown category) wrote nothing: those rows
   * fail at their own lines and the rest is sent again without them.
   */
  const send = async (batch: Batch): Promise<Sent> => {
    const refused: Failure[] = [];
    let rows = batch;
    for (;;) {
      const answer = await connection.api.products.bulk({
        products: new JsonText(rows.json),
        onExisting: options.onExisting,
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

  // Ctrl-C lets the calls under way finish, then reports what was done (exit 130).
  const interruption = interruptible(context.note);
  const progress = progressOf(context, ogUrls.length, batches.length > 1);
  let notSent = 0;
  let unreachable: ServerUnreachable | undefined;
  /** Lines of calls sent whose answer never came: they may have been written. */
  const unknownLines: number[] = [];
  let next = 0;
  const pending: Promise<Sent>[] = [];
  try {
    for (;;) {
      while (
        pending.length < inFlight &&
        next < batches.length &&
        !interruption.interrupted &&
        unreachable === undefined
      ) {
        const sending = send(batches[next] ?? []);
        // Awaited in its turn: a call failing while an earlier one is awaited is not unhandled.
        sending.catch(() => {});
        pending.push(sending);
        next += 1;
      }
      const sent = await pending.shift();
      if (sent === undefined) break;
      failures.push(...sent.refused);
      if (sent.results !== undefined) {
        sent.results.forEach((result, position) => {
          results.push({ line: sent.rows.lines[position] ?? 0, ...result });
          counts[result.status] += 1;
        });
        progress.add(sent.rows.lines.length + sent.refused.length, sent.refused.length);
        continue;
      }
      const { failure } = sent;
      if (failure instanceof OutcomeUnknown) unknownLines.push(...sent.rows.lines);
      else failures.push(...sent.rows.lines.map((line) => ({ line, message: failure.message })));
      if (failure instanceof ServerUnreachable) {
        // Nothing more is sent: the rows not sent fail with the same reason.
        unreachable = failure;
        notSent += sent.rows.lines.length;
      } else progress.add(sent.rows.lines.length + sent.refused.length, sent.rows.lines.length);
    }
  } finally {
    progress.done();
    interruption.end();
  }
  const unsent = batches.slice(next).flatMap((batch) => batch.lines);
  notSent += unsent.length;
  if (unreachable !== undefined) {
    const message =
      unreachable instanceof OutcomeUnknown
        ? "Not sent: an earlier call's answer did not arrive"
        : unreachable.message;
    failures.push(...unsent.map((line) => ({ line, message })));
  }

  const interrupted = interruption.interrupted;
  failures.sort((a, b) => a.line - b.line);
  const summary = {
    status: failures.length === 0 && unknownLines.length === 0 && !interrupted,
    rows: rowsRead,
    ...counts,
    unknown: unknownLines.length,
    failed: failures.length,
    ...(interrupted ? { interrupted: true, notSent } : {}),
    failures,
    unknownLines,
    results,
  };
  context.result(summary, () => {
    showFailures(context, failures);
    context.say(
      renderTable(
        ['created', 'updated', 'skipped', 'unknown', 'failed', 'rows'],
        [
          [
            counts.created,
            counts.updated,
            counts.skipped,
            unknownLines.length,
            failures.length,
            rowsRead,
          ],
        ],
        context,
      ),
    );
    if (interrupted)
      context.say(`Interrupted: ${notSent} row(s) were not sent; the rows above were.`);
  });
  if (unknownLines.length > 0) {
    context.note(
      `Unknown outcome for ${unknownLines.length} row(s) (lines ${lineRanges(unknownLines)}): ${unreachable?.message ?? ''}. Re-running the import is safe: rows are matched to products by og_url.`,
    );
    context.exitWith(exitCodes.unknown);
  } else if (interrupted) context.exitWith(exitCodes.interrupted);
  else if (failures.length > 0) context.exitWith(exitCodes.failed);
}

function showFailures(context: Context, failures: Failure[]) {
  if (failures.length === 0) return;
  // Lines refused alike (a whole call the server refused) are named as ranges.
  const byMessage = new Map<string, number[]>();
  for (const { line, message } of failures)
    byMessage.set(message, [...(byMessage.get(message) ?? []), line]);
  const rows = [...byMessage].map(([message, lines]) => [lineRanges(lines), message]);
  context.note(
    renderTable(['line', 'refused because'], rows.slice(0, failuresShown), context, 'stderr'),
  );
  if (rows.length > failuresShown)
    context.note(`… and ${rows.length - failuresShown} more (--json lists every line)`);
}

export const declareImport: Declare = (command, run) =>
  command
    .command('import')
    .description('add or update products from a JSON Lines or CSV file (- reads standard input)')
    .argument('<file>', 'a .jsonl or .csv file, or - for standard input')
    .addOption(
      new Option(
        '--format <format>',
        'jsonl or csv (default: by the file name, or sniffed)',
      ).choices(importFormats),
    )
    .addOption(
      new Option(
        '--on-existing <action>',
        'a product with the same og_url: skip it, update the fields the row gives (a row may hold og_url and any others), or replace it with the row',
      )
        .choices(onExistingChoices)
        .default('skip' as OnExisting),
    )
    .option('--dry-run', 'only check every row and list the refused lines; send nothing')
    .option(
      '--batch-size <n>',
      `rows of the file a call (the good ones, in one transaction), at most ${bulkProductLimit}`,
      wholeNumber(1, bulkProductLimit),
      bulkProductLimit,
    )
    .addHelpText(
      'after',
      `
Each row holds a product's fields: title, price, og_price, og_url, category and subcategory
(ids), images (a list of links), and optionally rating, ratingsAndReviews, deliveryInfo,
availableSizes, specifications, events, btn_url. With --on-existing update a row may give og_url
and any of the others: a product it meets keeps every field the row leaves out (a new product
needs the whole row); --on-existing replace writes the row whole, defaults for what it leaves
out (event None, rating 0, no specifications). In CSV, lists and objects are JSON text in
their cell. \`dealdesk products export\` writes the same rows.

Examples:
  dealdesk products import catalogue.jsonl --dry-run
  dealdesk products import feed.csv --on-existing update
  dealdesk products export --format jsonl | jq -c '.price |= . * 0.9' | dealdesk products import - --on-existing update`,
    )
    .action(run(importProducts));
