// GET /api/App/product/export: every product the list's search and filters find, in its order,
// as a CSV or JSON Lines file (http/route.ts writes the rows). The database is read a page at a
// time by keyset (each page starts after the last one's sort key and id), and a page is read
// only when the caller has taken the one before: memory holds one page, whatever the catalogue.
// Each page is one query: a product's images are a column of its row, so there is nothing to
// read per product. Pages are separate reads, not one snapshot: a product changed during an
// export may show as it was or as it became, one added may be missing.
import type { endpoints, ProductExportQuery, ProductExportRow, ProductImage } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { exportPageSize } from '../../http/export-pages.js';
import type { Implementation } from '../../http/route.js';
import { absoluteUrl, publicBaseOf } from '../../http/public-url.js';
import { productsRepository } from './repository.js';
import { detailsOf } from './rows.js';

type Repository = ReturnType<typeof productsRepository>;
type ExportedRecord = Awaited<ReturnType<Repository['rowsAfter']>>[number];

/**
 * A stored product as a row of the export: what an import takes back unchanged (category and
 * subcategory as ids, images as links: uploaded ones joined to the server's public address).
 */
function exportRow(row: ExportedRecord, base: string): ProductExportRow {
  return {
    ...detailsOf(row),
    category: row.category_id,
    subcategory: row.subcategory_id,
    events: row.events,
    btn_url: row.btn_url,
    images: (JSON.parse(row.images) as ProductImage[]).map((image) => absoluteUrl(base, image.url)),
  };
}

/** The rows of an export, read a page at a time as they are taken. */
export async function* exportedProducts(
  repo: Repository,
  query: ProductExportQuery,
  base: string,
  pageSize = exportPageSize,
): AsyncGenerator<ProductExportRow> {
  const where = await repo.filtered(query);
  let after: { key: unknown; id: string } | null = null;
  for (;;) {
    const page = await repo.rowsAfter(where, query, after, pageSize);
    for (const row of page) yield exportRow(row, base);
    const last = page.at(-1);
    if (last === undefined || page.length < pageSize) return;
    after = { key: last.sort_key, id: last.id };
  }
}

/** The export call's implementation (registered by routes.ts). */
export function productExport(
  context: AppContext,
): Implementation<typeof endpoints.products.export> {
  const repo = productsRepository(context.db, context.dialect);
  return {
    handler: async ({ query, request }) =>
      exportedProducts(repo, query, publicBaseOf(context.config, request)),
  };
}
