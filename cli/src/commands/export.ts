// products export: every product the list's search and filters find, as CSV or JSON Lines,
// streamed from the server to stdout or to a file as it arrives (download.ts).
import {
  productExportFormats,
  productExportQuerySchema,
  productSortFields,
  sortOrders,
} from '@dealdesk/core';
import { Option } from '@commander-js/extra-typings';
import type { Declare, Run } from '../command.js';
import { connect } from '../connection.js';
import type { Context } from '../context.js';
import { exportFormat, saveExport } from '../download.js';
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

async function exportProducts(context: Context, options: ExportOptions) {
  const query = validate(productExportQuerySchema, {
    ...productFilters(options),
    sort: options.sort,
    order: options.order,
    format: exportFormat(context, options),
  });
  const connection = await connect(context);
  await saveExport(
    context,
    connection,
    () => connection.api.products.export(query),
    { ...options, format: query.format },
    'products',
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
