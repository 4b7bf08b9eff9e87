import {
  maxPageSize,
  productPageSize,
  formatCount,
  formatDisplayTime,
  byIdSchema,
  productListQuerySchema,
  wrongAnswerMessages,
  type Product,
} from '@dealdesk/core';
import { confirmDestructive } from '../confirm.js';
import { connect } from '../connection.js';
import { idBatches } from '../ids.js';
import { wholeNumber, yesFlag, type Declare } from '../command.js';
import type { Context } from '../context.js';
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
  context.result({ data: products, totalRecord: total, page: query.page, pages }, () => {
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
          formatCount(product.btn_click),
          formatDisplayTime(product.createdAt),
        ]),
        context.paint,
      ),
    );
    context.say(
      context.paint(
        'dim',
        `Showing ${products.length} of ${total} products (page ${query.page} of ${pages})`,
      ),
    );
  });
}

function productRecord(product: Product): [string, string | number][] {
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
    ['views', formatCount(product.view)],
    ['clicks', formatCount(product.btn_click)],
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
  context.result(product, () => {
    if (product !== undefined) context.say(renderRecord(productRecord(product), context.paint));
  });
}

async function deleteProducts(context: Context, ids: string[], options: { yes?: boolean }) {
  const calls = idBatches(ids);
  const { api, check } = await connect(context);
  const count = calls.flat().length;
  await confirmDestructive(
    context,
    options.yes,
    `Delete ${count} product(s)`,
    wrongAnswerMessages.catalogue,
  );
  for (const batch of calls) check(await api.products.remove({ id: batch }));
  context.result({ status: true, deleted: count, ids: calls.flat() }, () =>
    context.say(`${context.paint('green', '✔')} Deleted ${count} product(s)`),
  );
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
    .argument('<ids...>')
    .option(...yesFlag)
    .action(run(deleteProducts));
};

export const commands = { products };
