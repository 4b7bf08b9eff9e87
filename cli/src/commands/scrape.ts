// products scrape: many pages at once, each its own success or failure, so one bad address
// never stops the rest; only an unreachable server or a refused session ends the run early.
import {
  defaultSizes,
  normaliseEvent,
  productCreateSchema,
  productMessages,
  scrapeConcurrency,
  scrapeSchema,
  type ScrapeResult,
} from '@dealdesk/core';
import { mapConcurrent } from '../concurrency.js';
import { connect, ServerUnreachable, type Connection } from '../connection.js';
import type { Context } from '../context.js';
import { CliError, exitCodes, usageError } from '../exit.js';
import { listedInputs } from '../lines.js';
import { wholeNumber, type Declare } from '../command.js';
import { progressBar } from '../terminal/progress.js';
import { renderRecord, renderTable } from '../terminal/table.js';
import { validate } from '../validate.js';

interface ScrapeOptions {
  file?: string;
  concurrency: number;
  create?: boolean;
  category?: string;
  subcategory?: string;
  event: string;
}

interface Placement {
  category: string;
  subcategory: string;
  event: string;
}

/** One page: scraped (with the created product's id when --create made one), or why not. */
type ScrapeOutcome =
  | { url: string; ok: true; scraped: ScrapeResult; created: boolean; id: string | null }
  | { url: string; ok: false; error: string };

/** Unreachable server, refused key or session: every other page would fail the same way. */
const endsTheRun = (error: unknown) =>
  error instanceof ServerUnreachable ||
  (error instanceof CliError && error.exitCode === exitCodes.authentication);

function placementOf(options: ScrapeOptions): Placement | null {
  if (options.create !== true) return null;
  if (options.category === undefined || options.subcategory === undefined)
    throw usageError('--create needs --category and --subcategory (ids)');
  if (normaliseEvent(options.event) === null) throw usageError(productMessages.event);
  return { category: options.category, subcategory: options.subcategory, event: options.event };
}

/** The create call's input: the scraped fields, the page as original URL, sizes reset (spec). */
function productFromScrape(url: string, scraped: ScrapeResult, placement: Placement) {
  return validate(productCreateSchema, {
    productData: {
      productDetails: {
        ...scraped.productDetails,
        og_url: url,
        category: placement.category,
        subcategory: placement.subcategory,
        availableSizes: [...defaultSizes],
      },
      events: placement.event,
      btn_url: '',
    },
    imageUrls: scraped.images.map((image) => image.url),
    images: [],
  });
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
    if (placement === null) return { url, ok: true, scraped, created: false, id: null };
    const product = productFromScrape(request.url, scraped, placement);
    const created = connection.check(
      await connection.api.products.create({
        productData: product.productData,
        imageUrls: product.imageUrls,
        images: [],
      }),
    ).data;
    return { url, ok: true, scraped, created: true, id: created?._id ?? null };
  } catch (error) {
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
        paint,
      ),
    );
  }
  context.say(
    renderTable(
      ['', 'URL', 'title or reason', 'price', 'og_price', 'images'],
      outcomes.map((outcome) =>
        outcome.ok
          ? [
              paint('green', outcome.created ? `created ${outcome.id ?? ''}`.trim() : 'ok'),
              outcome.url,
              outcome.scraped.productDetails.title,
              outcome.scraped.productDetails.price,
              outcome.scraped.productDetails.og_price,
              outcome.scraped.images.length,
            ]
          : [paint('red', 'failed'), outcome.url, paint('red', outcome.error), '', '', ''],
      ),
      paint,
    ),
  );
}

async function scrape(context: Context, args: string[], options: ScrapeOptions) {
  const urls = await listedInputs(args, options.file, context.streams.stdin);
  if (urls.length === 0) throw usageError(productMessages.scrapeUrl);
  const placement = placementOf(options);
  const connection = await connect(context);
  const progress = progressBar(
    urls.length,
    context.streams.stderr,
    context.paintErr,
    context.interactive && urls.length > 1,
  );
  let outcomes: ScrapeOutcome[];
  try {
    outcomes = await mapConcurrent(urls, options.concurrency, async (url) => {
      const outcome = await scrapeOne(connection, url, placement);
      progress.tick(!outcome.ok);
      return outcome;
    });
  } finally {
    progress.done();
  }
  const failed = outcomes.filter((outcome) => !outcome.ok).length;
  const created = outcomes.filter((outcome) => outcome.ok && outcome.created).length;
  context.result(
    { status: failed === 0, total: urls.length, failed, created, results: outcomes },
    () => {
      showOutcomes(outcomes, context);
      const summary = `${urls.length - failed} of ${urls.length} scraped${placement === null ? '' : `, ${created} created`}${failed > 0 ? `, ${failed} failed` : ''}`;
      context.say(context.paint(failed > 0 ? 'red' : 'green', summary));
    },
  );
  if (failed > 0) context.exitWith(exitCodes.failed);
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
    .option('--event <event>', 'event of the created products', 'None')
    .action(run(scrape));
