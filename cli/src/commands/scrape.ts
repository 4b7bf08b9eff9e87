// products scrape: many pages at once, each its own success or failure, so one bad address
// never stops the rest; only an unreachable server or a refused session ends the run early.
import {
  defaultSizes,
  normaliseEvent,
  onExistingChoices,
  productMessages,
  productRowSchema,
  scrapeConcurrency,
  scrapeSchema,
  type OnExisting,
  type ProductPatchRowRequest,
  type ScrapeResult,
} from '@dealdesk/core';
import { Option } from '@commander-js/extra-typings';
import { mapConcurrent } from '../concurrency.js';
import { connect, OutcomeUnknown, ServerUnreachable, type Connection } from '../connection.js';
import type { Context } from '../context.js';
import { CliError, exitCodes, usageError } from '../exit.js';
import { interruptedLine, interruptible } from '../interrupt.js';
import { listedInputs } from '../lines.js';
import { wholeNumber, type Declare } from '../command.js';
import { progressOf } from '../terminal/progress.js';
import { renderRecord, renderTable } from '../terminal/table.js';
import { validate } from '../validate.js';

interface ScrapeOptions {
  file?: string;
  concurrency: number;
  create?: boolean;
  category?: string;
  subcategory?: string;
  event?: string;
  onExisting: OnExisting;
}

interface Placement {
  category: string;
  subcategory: string;
  /** New products' event; an updated product's only when --event was given. */
  event: string;
  eventGiven: boolean;
  onExisting: OnExisting;
}

/** What --create did with a page: a new product, or the product that has its URL as og_url. */
type Written = 'created' | 'updated' | 'skipped';

/**
 * One page: scraped (with --create, whether a product was created, updated or skipped, and its
 * id), or why not.
 */
type ScrapeOutcome =
  | {
      url: string;
      ok: true;
      scraped: ScrapeResult;
      created: boolean;
      status: Written | null;
      id: string | null;
    }
  /** `unknown`: the product's write was sent and its answer never came. */
  | { url: string; ok: false; error: string; unknown?: true };

/** Unreachable server, refused key or session: every other page would fail the same way. */
const endsTheRun = (error: unknown) =>
  error instanceof ServerUnreachable ||
  (error instanceof CliError && error.exitCode === exitCodes.authentication);

function placementOf(options: ScrapeOptions): Placement | null {
  if (options.create !== true) return null;
  if (options.category === undefined || options.subcategory === undefined)
    throw usageError('--create needs --category and --subcategory (ids)');
  const event = options.event ?? 'None';
  if (normaliseEvent(event) === null) throw usageError(productMessages.event);
  return {
    category: options.category,
    subcategory: options.subcategory,
    event,
    eventGiven: options.event !== undefined,
    onExisting: options.onExisting,
  };
}

/**
 * The bulk call's row: the scraped fields, the page as original URL (matched by the server
 * against existing products' og_url), sizes reset (spec), the scraped images as links.
 */
function productFromScrape(url: string, scraped: ScrapeResult, placement: Placement) {
  return validate(productRowSchema, {
    ...scraped.productDetails,
    og_url: url,
    category: placement.category,
    subcategory: placement.subcategory,
    availableSizes: [...defaultSizes],
    events: placement.event,
    btn_url: '',
    images: scraped.images.map((image) => image.url),
  });
}

/** One bulk row written: the product's id and what became of it. */
async function writeRow(
  connection: Connection,
  row: ProductPatchRowRequest,
  onExisting: OnExisting,
): Promise<{ _id: string; status: Written }> {
  const [written] =
    connection.check(await connection.api.products.bulk({ products: [row], onExisting })).results ??
    [];
  if (written === undefined) throw new CliError('The server answered no product');
  return written;
}

/**
 * A page as a product: created whole when new; with --on-existing update, an existing product
 * gets only what was scraped (and --event when given), keeping its place, sizes and link.
 */
async function writeScraped(
  connection: Connection,
  url: string,
  scraped: ScrapeResult,
  placement: Placement,
): Promise<{ _id: string; status: Written }> {
  const row = productFromScrape(url, scraped, placement);
  if (placement.onExisting !== 'update') return writeRow(connection, row, placement.onExisting);
  const created = await writeRow(connection, row, 'skip');
  if (created.status === 'created') return created;
  return writeRow(
    connection,
    {
      ...scraped.productDetails,
      og_url: row.og_url,
      images: row.images,
      ...(placement.eventGiven ? { events: placement.event } : {}),
    },
    'update',
  );
}

async function scrapeOne(
  connection: Connection,
  url: string,
  placement: Placement | null,
): Promise<ScrapeOutcome> {
  try {
    const request = validate(scrapeSchema, { url });
    const scraped = connection.check(await connection.api.products.scrape(request)).data;
    if (scraped === undefined) throw new CliError('The server answered no scraped data');
    if (placement === null)
      return { url, ok: true, scraped, created: false, status: null, id: null };
    const written = await writeScraped(connection, request.url, scraped, placement);
    return {
      url,
      ok: true,
      scraped,
      created: written.status === 'created',
      status: written.status,
      id: written._id,
    };
  } catch (error) {
    if (error instanceof OutcomeUnknown)
      return { url, ok: false, error: error.message, unknown: true };
    if (endsTheRun(error) || !(error instanceof CliError)) throw error;
    return { url, ok: false, error: error.message };
  }
}

function showOutcomes(outcomes: ScrapeOutcome[], context: Context): void {
  const { paint } = context;
  const [only] = outcomes;
  if (outcomes.length === 1 && only?.ok === true) {
    const { productDetails, images } = only.scraped;
    context.say(
      renderRecord(
        [
          ['title', productDetails.title],
          ['price', productDetails.price],
          ['og_price', productDetails.og_price],
          ['rating', productDetails.rating],
          ['ratingsAndReviews', productDetails.ratingsAndReviews],
          ['deliveryInfo', productDetails.deliveryInfo],
          ...Object.entries(productDetails.specifications).map(
            ([name, value]): [string, string] => [
              name,
              typeof value === 'string' ? value : JSON.stringify(value),
            ],
          ),
          ['images', images.map((image) => image.url).join('\n')],
        ],
        context,
      ),
    );
  }
  context.say(
    renderTable(
      ['', 'URL', 'title or reason', 'price', 'og_price', 'images'],
      outcomes.map((outcome) =>
        outcome.ok
          ? [
              paint(
                'green',
                outcome.status === null ? 'ok' : `${outcome.status} ${outcome.id ?? ''}`.trim(),
              ),
              outcome.url,
              outcome.scraped.productDetails.title,
              outcome.scraped.productDetails.price,
              outcome.scraped.productDetails.og_price,
              outcome.scraped.images.length,
            ]
          : [
              paint('red', outcome.unknown === true ? 'unknown' : 'failed'),
              outcome.url,
              paint('red', outcome.error),
              '',
              '',
              '',
            ],
      ),
      context,
    ),
  );
}

async function scrape(context: Context, args: string[], options: ScrapeOptions) {
  const urls = await listedInputs(args, options.file, context.streams.stdin);
  if (urls.length === 0) throw usageError(productMessages.scrapeUrl);
  const placement = placementOf(options);
  const connection = await connect(context);
  const progress = progressOf(context, urls.length, urls.length > 1);
  // Ctrl-C lets the pages under way finish, starts no other, and reports what was done (130).
  const interruption = interruptible(context.note);
  let outcomes: ScrapeOutcome[];
  // A write without an answer: the server is not answering, so no other page is started.
  let unanswered = false;
  try {
    const started = await mapConcurrent(urls, options.concurrency, async (url) => {
      if (interruption.interrupted || unanswered) return null;
      const outcome = await scrapeOne(connection, url, placement);
      if (!outcome.ok && outcome.unknown === true) unanswered = true;
      progress.tick(!outcome.ok);
      return outcome;
    });
    outcomes = started.filter((outcome) => outcome !== null);
  } finally {
    progress.done();
    interruption.end();
  }
  const notSent = urls.length - outcomes.length;
  const interrupted = interruption.interrupted && notSent > 0;
  const unknown = outcomes.filter((outcome) => !outcome.ok && outcome.unknown === true).length;
  const failed = outcomes.filter((outcome) => !outcome.ok).length - unknown;
  const count = (status: Written) =>
    outcomes.filter((outcome) => outcome.ok && outcome.status === status).length;
  const [created, updated, skipped] = [count('created'), count('updated'), count('skipped')];
  const written = outcomes.flatMap((outcome) =>
    outcome.ok && outcome.id !== null && outcome.status !== 'skipped' ? [outcome.id] : [],
  );
  context.result(
    {
      status: failed === 0 && unknown === 0 && !interrupted,
      total: urls.length,
      failed,
      unknown,
      created,
      updated,
      skipped,
      ...(interrupted ? { interrupted: true } : {}),
      ...(interrupted || unknown > 0 ? { notSent } : {}),
      results: outcomes,
    },
    () => {
      showOutcomes(outcomes, context);
      const writes = `, ${created} created${updated > 0 ? `, ${updated} updated` : ''}${skipped > 0 ? `, ${skipped} skipped (already there)` : ''}`;
      const summary = `${outcomes.length - failed - unknown} of ${urls.length} scraped${placement === null ? '' : writes}${unknown > 0 ? `, ${unknown} unknown, ${notSent} not sent` : ''}${failed > 0 ? `, ${failed} failed` : ''}`;
      context.say(
        context.paint(failed > 0 || unknown > 0 || interrupted ? 'red' : 'green', summary),
      );
      // The ids are those of the products created or updated.
      if (interrupted)
        context.say(interruptedLine(outcomes.length, urls.length, 'pages done', written));
    },
  );
  if (unknown > 0) {
    context.note(
      `Unknown outcome for ${unknown} page(s): their product may have been written. Re-running the scrape is safe: pages are matched to products by og_url.`,
    );
    context.exitWith(exitCodes.unknown);
  } else if (interrupted) context.exitWith(exitCodes.interrupted);
  else if (failed > 0) context.exitWith(exitCodes.failed);
}

/** `products scrape`, declared on the products command. */
export const declareScrape: Declare = (command, run) =>
  command
    .command('scrape')
    .description('scrape marketplace pages; with --create add them as products')
    .argument('[urls...]', 'page addresses (or --file, or one a line on standard input)')
    .option('-f, --file <path>', 'read the addresses from a file, one a line (- for stdin)')
    .option(
      '-c, --concurrency <n>',
      'pages scraped at once',
      wholeNumber(1, scrapeConcurrency.max),
      scrapeConcurrency.default,
    )
    .option('--create', 'add every scraped page as a product')
    .option('--category <id>', 'category of the created products')
    .option('--subcategory <id>', 'subcategory of the created products')
    .option(
      '--event <event>',
      'event of the created products (default None); with --on-existing update, of the updated ones too',
    )
    .addOption(
      new Option(
        '--on-existing <action>',
        'with --create, a page whose URL a product already has as og_url: skip it, update what was scraped (title, prices, rating, reviews, delivery, specifications, images), or replace the product',
      )
        .choices(onExistingChoices)
        .default('skip' as OnExisting),
    )
    .action(run(scrape));
