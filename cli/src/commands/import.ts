// products import: a catalogue from JSON Lines or CSV (a header row; lists and objects as JSON
// text in their cell). The file is read twice as it streams (import-file.ts): first every row is
// checked with the core's schema, before anything is sent; then the good rows of each 5,000 of
// the file (--batch-size) go in one call (one transaction each), matched to existing products by
// og_url. A refused call fails its rows only: the calls before it stay, and the summary says so.
import { bulkProductLimit, onExistingChoices, type OnExisting } from '@dealdesk/core';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Option } from '@commander-js/extra-typings';
import { wholeNumber, type Declare } from '../command.js';
import { connect } from '../connection.js';
import type { Context } from '../context.js';
import { exitCodes, usageError } from '../exit.js';
import { interruptible, type Interruption } from '../interrupt.js';
import {
  formatOf,
  importFormats,
  nothingSent,
  openImportFile,
  readParts,
  stampNow,
  type ImportFile,
  type ImportFormat,
} from './import-file.js';
import { checkedParts, type Failure } from './import-rows.js';
import { batchSender, goodBatches, sendAll } from './import-send.js';
import { OgUrlFilter } from './og-url-filter.js';
import { progressOf } from '../terminal/progress.js';
import { renderTable } from '../terminal/table.js';

interface ImportOptions {
  format?: ImportFormat;
  onExisting: OnExisting;
  dryRun?: boolean;
  batchSize: number;
}

/** Failed lines listed on a terminal; --json lists them all. */
const failuresShown = 20;

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

/** Files of this size or more are checked beside a worker (one takes ~0.1 s to start). */
const parallelFromBytes = 2 * 1024 * 1024;

/** The file's parts as read, checked, in its order. */
function checkedFile(file: ImportFile, format: ImportFormat, options: ImportOptions) {
  const parallel = file.size >= parallelFromBytes && availableParallelism() >= 2;
  const patches = options.onExisting === 'update';
  return checkedParts(readParts(file, format, options.batchSize), patches, parallel);
}

/** What the first pass found, with nothing sent. */
interface Checked {
  /** Rows read, good and bad. */
  rows: number;
  /** Good rows, and the calls they make. */
  valid: number;
  calls: number;
  failures: Failure[];
  /** An og_url (may) repeat: the calls then go one at a time. */
  repeats: boolean;
}

/** The first pass: every row checked, the refused ones named, nothing sent. */
async function checkAll(
  file: ImportFile,
  format: ImportFormat,
  options: ImportOptions,
  interruption: Interruption,
): Promise<Checked> {
  const seen = new OgUrlFilter();
  const checked: Checked = { rows: 0, valid: 0, calls: 0, failures: [], repeats: false };
  for await (const { rows, batch, failures } of checkedFile(file, format, options)) {
    if (interruption.interrupted) throw nothingSent();
    checked.rows += rows;
    checked.failures.push(...failures);
    checked.valid += batch.ogUrls.length;
    if (batch.ogUrls.length > 0) checked.calls += 1;
    for (const ogUrl of batch.ogUrls) if (seen.add(ogUrl)) checked.repeats = true;
  }
  return checked;
}

/**
 * Keeps the heaps of a long import small. Streaming allocates fast and keeps little, and V8 sized
 * its heaps for that rate: the young generation grew to its cap and the old one to several times
 * what it kept (a dry run of 100 MB peaked at 330-360 MB RSS with 40-57 MB live). These two flags
 * are read as the heaps grow, so they take effect when set here, the worker thread's heap too.
 */
function keepHeapsSmall() {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=20');
}

async function importProducts(context: Context, path: string, options: ImportOptions) {
  keepHeapsSmall();
  // Ctrl-C while the file is read stops with nothing sent; while sending, the calls under way
  // finish, then what was done is reported (exit 130).
  const interruption = interruptible(context.note);
  let file: ImportFile | undefined;
  try {
    file = await openImportFile(path, context.streams.stdin, interruption.signal);
    await importFile(context, file, options, interruption);
  } finally {
    interruption.end();
    await file?.remove();
  }
}

async function importFile(
  context: Context,
  file: ImportFile,
  options: ImportOptions,
  interruption: Interruption,
) {
  const format = await formatOf(file, options.format);
  const checked = await checkAll(file, format, options, interruption);
  const { rows: rowsRead, valid, failures } = checked;
  if (rowsRead === 0) throw usageError(`${file.name} holds no products`);

  if (options.dryRun === true) {
    context.result(
      { status: failures.length === 0, dryRun: true, rows: rowsRead, valid, failures },
      () => {
        showFailures(context, failures);
        context.footer(
          `Dry run: ${valid} of ${rowsRead} row(s) would be sent${failures.length > 0 ? `, ${failures.length} refused` : ''}. Nothing was sent.`,
        );
      },
    );
    if (failures.length > 0) context.exitWith(exitCodes.failed);
    return;
  }
  // The second pass reads the file again: it must be the one checked.
  if ((await stampNow(file)) !== file.stamp)
    throw usageError(`${file.name} changed while it was checked: nothing was sent`);

  const connection = await connect(context);
  // Three calls in flight when no og_url repeats in the file: the calls then meet no product
  // another makes, so the order the server takes them in changes nothing, and the server checks
  // the next call's rows while it writes one (two left its threads taking turns: 25 % slower,
  // bench/cli/import.mjs). A repeated og_url keeps them one at a time.
  const sending = await sendAll({
    context,
    batches: goodBatches(checkedFile(file, format, options)),
    valid,
    send: batchSender(connection, options.onExisting),
    inFlight: checked.repeats ? 1 : 3,
    progress: progressOf(context, valid, checked.calls > 1),
    interruption,
  });
  failures.push(...sending.failures);
  const { counts, results, unknownLines, notSent, unreachable } = sending;

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
