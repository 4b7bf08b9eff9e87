// Products: each filed under a subcategory of its category, its images uploaded (stored as
// media) or linked, its counts kept on the category and subcategory by the same transaction.
import {
  appProductTotalCap,
  JsonText,
  type AppProductQuery,
  type Product,
  type ProductCreate,
  type ProductEvent,
  type ProductImage,
  type ProductListQuery,
  type ProductUpdate,
} from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { defaultCatalogueMemoryProducts } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import type { CheckedFile } from '../../http/uploads.js';
import { newId } from '../../ids.js';
import { auditedFields, auditTrail } from '../audit/service.js';
import { checkPlacement, countProducts, type Placement } from '../categories/service.js';
import { removeStored, withStoredFiles } from '../../adapters/media/stored-files.js';
import { productRefusals } from './messages.js';
import { productsRepository, type ProductFilters } from './repository.js';
import type { ProductsTable } from './tables.js';
import type { CatalogueIndex } from './catalogue-index.js';
import { catalogueMemory } from './catalogue-memory.js';
import { totalsMemory, trackingService } from '../tracking/service.js';
import {
  detailColumns,
  listedJson,
  productJson,
  StoredRows,
  toProduct,
  type StoredBulk,
} from './rows.js';
import { importProducts, type BulkAnswer } from './bulk.js';

const placementOf = (row: { category_id: string; subcategory_id: string }): Placement => ({
  categoryId: row.category_id,
  subcategoryId: row.subcategory_id,
});

/** Calls on several products change all of them or, when one is unknown, none. */
function requireAll(asked: number, found: number): void {
  if (found === asked) return;
  throw new HttpError(
    404,
    asked === 1 ? productRefusals.notFound : productRefusals.someNotFound(asked - found),
  );
}

/** A product as the audit log keeps it: its columns, their JSON text read back. */
function productFields(row: Omit<ProductsTable, 'search_text' | 'created_at' | 'updated_at'>) {
  const fields = auditedFields(row);
  for (const key of ['available_sizes', 'specifications', 'images'] as const)
    fields[key] = JSON.parse(row[key]) as unknown;
  return fields;
}

/** A page of the app's list: its products' listed JSON, the next cursor, what was found. */
interface AppPage {
  listed: string[];
  nextCursor: string | null;
  total: number;
  totalIsLowerBound: boolean;
}

/** The app's total: exact up to the cap, else the cap marked a lower bound. */
const cappedTotal = (found: number) => ({
  total: Math.min(found, appProductTotalCap),
  totalIsLowerBound: found > appProductTotalCap,
});

export function productsService(context: AppContext) {
  const { db, dialect, media, clock, log, onClose } = context;
  const repo = productsRepository(db, dialect);
  const audit = auditTrail(context);
  const now = () => clock().toISOString();

  const catalogue = catalogueMemory(
    repo,
    log,
    context.config.catalogueMemoryProducts ?? defaultCatalogueMemoryProducts,
  );
  const totals = totalsMemory(db, log);

  /** The ids of a page found by the database, in the order asked for, and the total. */
  const foundByDatabase = (query: ProductListQuery, page: number, limit: number) =>
    query.sort === 'date' && query.order === 'desc'
      ? repo.list(query, page, limit)
      : repo.sortedPage(query, query, page, limit);

  /** The listed JSON of the products given, in their order; those deleted meanwhile left out. */
  const listedOf = async (ids: readonly string[]): Promise<{ id: string; listed: string }[]> => {
    const byId = new Map((await repo.records(ids)).map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row === undefined ? [] : [{ id, listed: listedJson(row) }];
    });
  };

  /** The app's page from memory: the total is the whole list's, counted again past the first. */
  const pageBelowInMemory = (
    memory: CatalogueIndex,
    filters: ProductFilters,
    cursor: string | undefined,
    limit: number,
  ) => {
    const { ids, total: below } = memory.find(filters, 0, limit, cursor);
    const last = ids.at(-1);
    return {
      page: ids,
      nextCursor: below > limit && last !== undefined ? last : null,
      total: cursor === undefined ? below : memory.find(filters, 0, 0).total,
    };
  };

  /** The same from the database, counted up to one past the app's cap. */
  const pageBelowByDatabase = async (
    filters: ProductFilters,
    cursor: string | undefined,
    limit: number,
  ) => {
    const { ids, total } = await repo.pageBelow(
      filters,
      cursor ?? null,
      limit,
      appProductTotalCap + 1,
    );
    const page = ids.slice(0, limit);
    return { page, nextCursor: ids.length > limit ? (page.at(-1) ?? null) : null, total };
  };

  const find = async (id: string): Promise<Product> => {
    const [[row], [counts]] = await Promise.all([repo.records([id]), repo.counts([id])]);
    if (row === undefined) throw new HttpError(404, productRefusals.notFound);
    return toProduct(row, counts);
  };

  return {
    find,

    /**
     * Loads the catalogue and the view and click totals into memory (in the background) for
     * the lists this process answers.
     */
    keepListInMemory(): void {
      catalogue.start();
      totals.start();
      onClose(async () => {
        await Promise.all([catalogue.stop(), totals.stop()]);
      });
      // GET /ready waits for both (unless one is too large to keep); /metrics shows their sizes.
      for (const [name, memory] of [
        ['catalogue', catalogue],
        ['totals', totals],
      ] as const)
        context.readiness.add(`${name} memory`, async () =>
          memory.state() === 'loading' ? 'loading' : null,
        );
      context.metrics.gauge(
        'dealdesk_catalogue_memory_products',
        'Products the catalogue memory holds (0 while loading or when the database answers)',
        () => catalogue.peek()?.size() ?? 0,
      );
      context.metrics.gauge(
        'dealdesk_catalogue_memory_loads',
        'Times the catalogue memory was loaded whole: at start, and again after a change its log could not follow row by row',
        () => catalogue.loads(),
      );
      context.metrics.gauge(
        'dealdesk_catalogue_memory_over_limit',
        '1 when the catalogue outgrew DEALDESK_CATALOGUE_MEMORY_PRODUCTS (at start or as products arrived) and the database searches',
        () => (catalogue.state() === 'database' ? 1 : 0),
      );
      context.metrics.gauge(
        'dealdesk_totals_memory_items',
        'Items whose view and click totals the memory holds',
        () => totals.peek()?.size ?? 0,
      );
    },

    /**
     * From the catalogue and the totals in memory once they are loaded, each brought up to its
     * change counter's value read first; else from the database.
     */
    async list(query: ProductListQuery): Promise<{ data: JsonText; totalRecord: number }> {
      const { page, limit } = query;
      const offset = (page - 1) * limit;
      const versions = await repo.versions();
      // The memory answers newest first; another order is the database's (indexed) sort.
      const newestFirst = query.sort === 'date' && query.order === 'desc';
      const memory = newestFirst ? await catalogue.at(versions.catalogue) : null;
      const { ids, total } =
        memory === null
          ? await foundByDatabase(query, page, limit)
          : memory.find(query, offset, limit);
      const [listed, counts] = await Promise.all([
        listedOf(ids),
        totals
          .at(versions.totals)
          .then(
            async (held) =>
              held ?? new Map((await repo.counts(ids)).map((row) => [row.item_id, row])),
          ),
      ]);
      // Written as text: the products' listed JSON, their counts added.
      const data = listed.map(({ id, listed: text }) => productJson(text, counts.get(id)));
      return { data: new JsonText(`[${data.join(',')}]`), totalRecord: total };
    },

    /**
     * The app's page (content API): the listed JSON of up to `limit` products found below the
     * cursor, newest first, and the cursor of the next page (null on the last). From the
     * catalogue in memory brought up to `version`, else from the database.
     */
    async appPage(
      { q, category, subcategory, event, cursor, limit }: AppProductQuery,
      version: number,
    ): Promise<AppPage> {
      const filters = {
        q,
        categories: category === undefined ? [] : [category],
        subCategories: subcategory === undefined ? [] : [subcategory],
        events: event === undefined ? [] : [event],
      };
      const memory = await catalogue.at(version);
      const { page, nextCursor, total } =
        memory === null
          ? await pageBelowByDatabase(filters, cursor, limit)
          : pageBelowInMemory(memory, filters, cursor, limit);
      return {
        listed: (await listedOf(page)).map(({ listed }) => listed),
        nextCursor,
        ...cappedTotal(total),
      };
    },

    /** One product as the app shows it (no counts), as JSON text; 404 when there is none. */
    async appProduct(id: string): Promise<string> {
      const [row] = await repo.records([id]);
      if (row === undefined) throw new HttpError(404, productRefusals.notFound);
      return listedJson(row);
    },

    /** Uploaded images come first, then the linked ones, in the order given. */
    async create({ productData, imageUrls }: ProductCreate, files: readonly CheckedFile[]) {
      const columns = detailColumns(productData);
      const placement = placementOf(columns);
      // Before any file is stored: an unknown category costs no upload.
      await checkPlacement(db, placement);
      const id = newId(clock());
      const created = now();
      await withStoredFiles(media, files, (paths) =>
        db.transaction().execute(async (trx) => {
          const images: ProductImage[] = [...paths, ...imageUrls].map((url) => ({ url }));
          const row = { id, ...columns, images: JSON.stringify(images) };
          await productsRepository(trx, dialect).insert({
            ...row,
            created_at: created,
            updated_at: created,
          });
          await countProducts(trx, [{ placement, delta: 1 }]);
          await audit.record(trx, {
            action: 'create',
            kind: 'product',
            itemId: id,
            label: columns.title,
            after: productFields(row),
          });
        }),
      );
      return find(id);
    },

    /**
     * Up to 5,000 products in one transaction (bulk.ts): created, or matched by og_url and
     * skipped or replaced, images included. A refused row writes nothing.
     */
    bulk: (input: StoredBulk): Promise<BulkAnswer> =>
      audit.keepRefusal(
        {
          kind: 'product',
          label: 'import',
          after: {
            rows:
              input.onExisting === 'update'
                ? input.patches.length
                : new StoredRows(input.values).length,
            onExisting: input.onExisting,
          },
        },
        () =>
          db.transaction().execute(async (trx) => {
            const { answer, replaced } = await importProducts(trx, dialect, input, clock());
            // A summary entry for the import (docs/audit.md), and one per product it replaced
            // with its before and after (written a batch per statement by record).
            const { created, updated, skipped, results } = answer;
            await audit.record(trx, [
              {
                action: 'import',
                kind: 'product',
                itemId: null,
                label: results.length === 1 ? '1 row' : `${results.length} rows`,
                after: { created, updated, skipped, onExisting: input.onExisting },
              },
              ...replaced.map(({ before, after }) => ({
                action: 'update' as const,
                kind: 'product' as const,
                itemId: before.id,
                label: after.title,
                before: productFields(before),
                after: productFields({ ...before, ...after }),
              })),
            ]);
            return answer;
          }),
      ),

    /** Details, event and link; the images stay as they are. */
    async update({ id, productData }: ProductUpdate): Promise<Product> {
      const columns = detailColumns(productData);
      await db.transaction().execute(async (trx) => {
        const writer = productsRepository(trx, dialect);
        const [before] = await writer.stored([id]);
        if (before === undefined) throw new HttpError(404, productRefusals.notFound);
        const placement = placementOf(columns);
        await checkPlacement(trx, placement);
        await writer.update(id, { ...columns, updated_at: now() });
        await audit.record(trx, {
          action: 'update',
          kind: 'product',
          itemId: id,
          label: columns.title,
          before: productFields(before),
          after: productFields({ ...before, ...columns }),
        });
        // Nets to nothing when the product stays where it was.
        await countProducts(trx, [
          { placement: placementOf(before), delta: -1 },
          { placement, delta: 1 },
        ]);
      });
      return find(id);
    },

    /** Deletes the products, their counters and their uploaded images. */
    async remove(ids: readonly string[]): Promise<void> {
      const refusal = {
        kind: 'product' as const,
        label: 'delete',
        after: { products: ids.length },
      };
      const images = await audit.keepRefusal(refusal, () =>
        db.transaction().execute(async (trx) => {
          const writer = productsRepository(trx, dialect);
          const stored = await writer.stored(ids);
          requireAll(ids.length, stored.length);
          await writer.delete(ids);
          await trackingService(context, trx).clearCounts(ids);
          await audit.record(
            trx,
            stored.map((row) => ({
              action: 'delete',
              kind: 'product',
              itemId: row.id,
              label: row.title,
              before: productFields(row),
            })),
          );
          await countProducts(
            trx,
            stored.map((row) => ({ placement: placementOf(row), delta: -1 })),
          );
          return stored.flatMap((row) =>
            (JSON.parse(row.images) as ProductImage[]).map((image) => image.url),
          );
        }),
      );
      // Linked images are not ours: the media store only removes its own paths.
      await removeStored(media, images);
    },

    async setEvent(ids: readonly string[], event: ProductEvent): Promise<void> {
      const refusal = {
        kind: 'product' as const,
        label: 'event',
        after: { products: ids.length, event },
      };
      await audit.keepRefusal(refusal, () =>
        db.transaction().execute(async (trx) => {
          const writer = productsRepository(trx, dialect);
          const before = await writer.eventsOf(ids);
          const updated = await writer.setEvent(ids, event, now());
          requireAll(ids.length, updated);
          // One entry per product, so that each product's history shows it.
          await audit.record(
            trx,
            before.map((row) => ({
              action: 'update',
              kind: 'product',
              itemId: row.id,
              label: row.title,
              before: { events: row.events },
              after: { events: event },
            })),
          );
        }),
      );
    },
  };
}
