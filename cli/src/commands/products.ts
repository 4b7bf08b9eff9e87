import {
  maxPageSize,
  productPageSize,
  productListQuerySchema,
  wrongAnswerMessages,
  type Product,
} from '@dealdesk/core';
import { connect } from '../connection.js';
import { givenId } from '../ids.js';
import { deleteArguments, deleteByIds, type Deletable } from '../deletion.js';
import { wholeNumber, type Declare } from '../command.js';
import type { Context } from '../context.js';
import { formatDisplayTime } from '../terminal/time.js';
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
  const query = { id: givenId(id) };
  const { api, check } = await connect(context);
  const product = check(await api.products.get({ id: query.id })).data;
  context.result({ status: true, data: product }, () => {
    if (product !== undefined) context.say(renderRecord(productRecord(product, context), context));
  });
}

const deletable: Deletable = {
  noun: 'product',
  wrongAnswerMessage: wrongAnswerMessages.catalogue,
  remove: (connection, batch) => connection.api.products.remove({ id: batch }),
};

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
  deleteArguments(
    command.command('delete').description('delete products (and their images)'),
    'product',
  ).action(run((context, ids: string[], options) => deleteByIds(context, ids, options, deletable)));
};

export const commands = { products };
