// products export: every product the list's search and filters find, as CSV or JSON Lines,
// streamed from the server to stdout or to a file as it arrives (never held whole). A reader
// that stops early (`| head -1`) ends the download quietly.
import { rename, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import {
  productExportFormats,
  productExportQuerySchema,
  productSortFields,
  sortOrders,
} from '@dealdesk/core';
import { Option } from '@commander-js/extra-typings';
import type { Declare, Run } from '../command.js';
import { connect, noAnswerIn } from '../connection.js';
import type { Context } from '../context.js';
import { CliError } from '../exit.js';
import { validate } from '../validate.js';

/** The list's search and filter flags, as `products list` and `products export` take them. */
export interface ProductFilterOptions {
  search?: string;
  category?: string[];
  subcategory?: string[];
  event?: string[];
}

/** The filter flags as the product list's query names them (the server splits and checks them). */
export const productFilters = (options: ProductFilterOptions) => ({
  q: options.search ?? '',
  categories: options.category ?? [],
  subCategories: options.subcategory ?? [],
  events: options.event ?? [],
});

interface ExportOptions extends ProductFilterOptions {
  sort: string;
  order: string;
  format: string;
  output?: string;
}

/** A write to a pipe whose reader has gone (`| head -1`): the reader has all it wants. */
const isClosedPipe = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED');

/**
 * Fails the download when the server sends nothing for `seconds`: --timeout bounds each wait
 * for the server, the file's bytes included. A reader that holds the download back (a slow
 * pipe) pauses it, and a paused download is not waiting for the server.
 */
function failWhenSilent(source: Readable, seconds: number, url: string): void {
  let timer: NodeJS.Timeout | undefined;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (source.isPaused()) wait();
      else source.destroy(new CliError(noAnswerIn(url, seconds)));
    }, seconds * 1000);
  };
  wait();
  source.on('data', wait);
  source.once('close', () => clearTimeout(timer));
}

const stopped = (error: unknown) =>
  new CliError(
    `The export stopped before it was complete: ${error instanceof Error ? error.message : String(error)}`,
  );

async function exportProducts(context: Context, options: ExportOptions) {
  const query = validate(productExportQuerySchema, {
    ...productFilters(options),
    sort: options.sort,
    order: options.order,
    format: options.format,
  });
  const { api, check, settings, timeout } = await connect(context);
  const body = check(await api.products.export(query)).response?.body;
  if (body === null || body === undefined) throw new CliError('The server sent no file');
  // The global ReadableStream and node:stream/web's are one class under two type names.
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  failWhenSilent(source, timeout, settings.url.value);
  if (options.output === undefined || options.output === '-') {
    const { stdout } = context.streams;
    try {
      await pipeline(source, stdout, { end: false });
    } catch (error) {
      // The download stops with the reader; nothing more is written.
      if (!isClosedPipe(error)) throw stopped(error);
      source.destroy();
      // Writes still queued fail alike; they are no news.
      stdout.on('error', () => {});
    }
    return;
  }
  // Written beside the file and renamed when complete: a failed export leaves no partial file.
  const file = options.output;
  const partial = `${file}.part`;
  try {
    await pipeline(source, createWriteStream(partial));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw stopped(error);
  }
  context.result({ status: true, file, format: query.format }, () =>
    context.note(`${context.paintErr('green', '✔')} Exported products to ${file}`),
  );
}

export function declareExport(command: Parameters<Declare>[0], run: Run): void {
  command
    .command('export')
    .description(
      'every product the filters find, as CSV or JSON Lines (to stdout, or --output file)',
    )
    .option('-s, --search <q>', 'search text')
    .option('--category <id...>', 'only these categories')
    .option('--subcategory <id...>', 'only these subcategories')
    .option('--event <event...>', 'only these events')
    .addOption(new Option('--sort <field>', 'order by').choices(productSortFields).default('date'))
    .addOption(
      new Option('--order <order>', 'ascending or descending').choices(sortOrders).default('desc'),
    )
    .addOption(
      new Option('--format <format>', 'file format')
        .choices(productExportFormats)
        .default(productExportFormats[0]),
    )
    .option('-o, --output <file>', 'write to this file instead of stdout (-: stdout)')
    .action(run(exportProducts));
}
