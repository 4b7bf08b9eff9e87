import {
  maxPageSize,
  productPageSize,
  byIdSchema,
  productListQuerySchema,
  wrongAnswerMessages,
  type Product,
} from '@dealdesk/core';
import { confirmDestructive } from '../confirm.js';
import { mapConcurrent } from '../concurrency.js';
import { connect, type Connection } from '../connection.js';
import { exitCodes } from '../exit.js';
import { interruptedLine, interruptible } from '../interrupt.js';
import { idsWithStdin } from '../lines.js';
import { idBatches } from '../ids.js';
import { wholeNumber, yesFlag, type Declare } from '../command.js';
import type { Context } from '../context.js';
import { formatDisplayTime } from '../terminal/time.js';
import { progressOf } from '../terminal/progress.js';
import { renderRecord, renderTable } from '../terminal/table.js';
import { validate } from '../validate.js';
import { declareExport, productFilters } from './export.js';
import { declareImport } from './import.js';
import { declareScrape } from './scrape.js';

interface ListOptions {
  page: number;
  limit: number;
  search?: string;
  category?: string[];
  subcategory?: string[];
  event?: string[];
}

async function listProducts(context: Context, options: ListOptions) {
  const query = validate(productListQuerySchema, {
    page: options.page,
    limit: options.limit,
    ...productFilters(options),
  });
  const { api, check } = await connect(context);
  const answer = check(await api.products.list(query));
  const products = answer.data ?? [];
  const total = answer.totalRecord ?? products.length;
  const pages = Math.max(1, Math.ceil(total / query.limit));
  const list = { status: true, data: products, totalRecord: total, page: query.page, pages };
  context.result(list, () => {
    const first = (query.page - 1) * query.limit;
    context.say(
      renderTable(
        ['No', 'id', 'title', 'price', 'category', 'event', 'clicks', 'date'],
        products.map((product, index) => [
          first + index + 1,
          product._id,
          product.title,
          product.price,
          `${product.category.name} / ${product.subcategory.name}`,
          product.events,
          context.count(product.btn_click),
          formatDisplayTime(product.createdAt),
        ]),
        context,
      ),
    );
    context.footer(
      context.paint(
        'dim',
        `Showing ${products.length} of ${total} products (page ${query.page} of ${pages})`,
      ),
    );
  });
}

function productRecord(product: Product, context: Context): [string, string | number][] {
  const { sizeDetails, ...specifications } = product.specifications;
  return [
    ['id', product._id],
    ['title', product.title],
    ['price', product.price],
    ['og_price', product.og_price],
    ['rating', product.rating],
    ['ratingsAndReviews', product.ratingsAndReviews],
    ['deliveryInfo', product.deliveryInfo],
    ['availableSizes', product.availableSizes.join(', ')],
    ['category', product.category.name],
    ['subcategory', product.subcategory.name],
    ['event', product.events],
    ['og_url', product.og_url],
    ['btn_url', product.btn_url],
    ['views', context.count(product.view)],
    ['clicks', context.count(product.btn_click)],
    ['created', formatDisplayTime(product.createdAt)],
    ...Object.entries(specifications).map(([name, value]): [string, string] => [
      name,
      String(value),
    ]),
    ...Object.entries(sizeDetails ?? {}).map(([size, details]): [string, string] => [
      `size ${size}`,
      details,
    ]),
    ['images', product.images.map((image) => image.url).join('\n')],
  ];
}

async function showProduct(context: Context, id: string) {
  const query = validate(byIdSchema, { id });
  const { api, check } = await connect(context);
  const product = check(await api.products.get({ id: query.id })).data;
  context.result({ status: true, data: product }, () => {
    if (product !== undefined) context.say(renderRecord(productRecord(product, context), context));
  });
}

interface DeleteOptions {
  yes?: boolean;
  ignoreMissing?: boolean;
}

/** Products looked up a few at a time when a delete call names an unknown id. */
const lookupConcurrency = 8;

/** The ids of `ids` the server does not know (404 on products.get). */
async function missingOf(connection: Connection, ids: string[]): Promise<string[]> {
  const known = await mapConcurrent(ids, lookupConcurrency, async (id) => {
    const answer = await connection.api.products.get({ id });
    if (!answer.status && answer.httpStatus === 404) return false;
    connection.check(answer);
    return true;
  });
  return ids.filter((_, index) => known[index] === false);
}

async function deleteProducts(context: Context, ids: string[], options: DeleteOptions) {
  // `-` among the ids reads more ids from standard input, one a line.
  const calls = idBatches(await idsWithStdin(ids, context.streams.stdin));
  const connection = await connect(context);
  const count = calls.flat().length;
  await confirmDestructive(
    context,
    options.yes,
    `Delete ${count} product(s)`,
    wrongAnswerMessages.catalogue,
  );
  const deleted: string[] = [];
  const missing: string[] = [];
  // A call is all-or-nothing on the server: when it names an unknown id (404), the call's ids
  // are looked up, the missing ones named, and the others deleted.
  const remove = async (batch: string[]) => {
    const answer = await connection.api.products.remove({ id: batch });
    if (answer.status) return deleted.push(...batch);
    if (answer.httpStatus !== 404) return connection.check(answer);
    const gone = await missingOf(connection, batch);
    missing.push(...gone);
    const found = batch.filter((id) => !gone.includes(id));
    if (found.length > 0) {
      connection.check(await connection.api.products.remove({ id: found }));
      deleted.push(...found);
    }
  };
  // Ctrl-C lets the call under way finish, then reports the products deleted (exit 130).
  const interruption = interruptible(context.note);
  const progress = progressOf(context, count, calls.length > 1);
  try {
    for (const batch of calls) {
      if (interruption.interrupted) break;
      await remove(batch);
      progress.add(batch.length);
    }
  } finally {
    progress.done();
    interruption.end();
  }
  const notSent = count - deleted.length - missing.length;
  const interrupted = interruption.interrupted && notSent > 0;
  const failed = missing.length > 0 && options.ignoreMissing !== true;
  context.result(
    {
      status: !interrupted && !failed,
      deleted: deleted.length,
      ids: deleted,
      missing,
      ...(interrupted ? { interrupted: true, notSent } : {}),
    },
    () => {
      if (interrupted)
        context.say(interruptedLine(deleted.length, count, 'products deleted', deleted, notSent));
      else context.say(`${context.paint('green', '✔')} Deleted ${deleted.length} product(s)`);
    },
  );
  if (missing.length > 0) context.note(`Not found: ${missing.join(', ')}`);
  if (interrupted) context.exitWith(exitCodes.interrupted);
  else if (failed) context.exitWith(exitCodes.failed);
}

const products: Declare = (command, run) => {
  declareScrape(command, run);
  declareImport(command, run);
  declareExport(command, run);
  command
    .command('list')
    .description("a page of products, with the server's filters and search")
    .option('--page <n>', 'page from 1', wholeNumber(1), 1)
    .option('--limit <n>', 'products a page', wholeNumber(1, maxPageSize), productPageSize)
    .option('-s, --search <q>', 'search text')
    .option('--category <id...>', 'only these categories')
    .option('--subcategory <id...>', 'only these subcategories')
    .option('--event <event...>', 'only these events')
    .action(run(listProducts));
  command
    .command('show')
    .description('one product in full')
    .argument('<id>')
    .action(run(showProduct));
  command
    .command('delete')
    .description('delete products (and their images)')
    .argument('<ids...>', 'product ids (- reads ids from standard input, one a line)')
    .option(...yesFlag)
    .option('--ignore-missing', 'ids not found are named on stderr but do not fail the run')
    .action(run(deleteProducts));
};

export const commands = { products };
