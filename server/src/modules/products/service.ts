// Products: each filed under a subcategory of its category, its images uploaded (stored as
// media) or linked, its counts kept on the category and subcategory by the same transaction.
import type {
  Product,
  ProductCreate,
  ProductEvent,
  ProductImage,
  ProductListQuery,
  ProductUpdate,
} from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { JsonText } from '../../http/json-text.js';
import type { CheckedFile } from '../../http/uploads.js';
import { newId } from '../../ids.js';
import { checkPlacement, countProducts, type Placement } from '../categories/placement.js';
import { removeFiles, withStoredFiles } from '../categories/uploads.js';
import { productAnswers } from './messages.js';
import { productsRepository } from './repository.js';
import { productListCache } from './list-cache.js';
import { detailColumns, productJson, toListedProduct, toProduct } from './rows.js';

const placementOf = (row: { category_id: string; subcategory_id: string }): Placement => ({
  categoryId: row.category_id,
  subcategoryId: row.subcategory_id,
});

/** Calls on several products change all of them or, when one is unknown, none. */
function requireAll(asked: number, found: number): void {
  if (found === asked) return;
  throw new HttpError(
    404,
    asked === 1 ? productAnswers.notFound : productAnswers.someNotFound(asked - found),
  );
}

export function productsService({ db, dialect, media, clock }: AppContext) {
  const repo = productsRepository(db, dialect);
  const now = () => clock().toISOString();

  const cache = productListCache();

  const find = async (id: string): Promise<Product> => {
    const [[row], [counts]] = await Promise.all([repo.records([id]), repo.counts([id])]);
    if (row === undefined) throw new HttpError(404, productAnswers.notFound);
    return toProduct(row, counts);
  };

  return {
    find,

    /** From memory what it can while the catalogue is unchanged; the counts always fresh. */
    async list(query: ProductListQuery): Promise<{ data: JsonText; totalRecord: number }> {
      const version = await repo.version();
      cache.at(version);
      const { q, categories, subCategories, events, page: number, limit } = query;
      const key = JSON.stringify([q, categories, subCategories, events, number, limit]);
      const kept = cache.page(key);
      const page = kept ?? (await repo.list(query, number, limit));
      // Taken now: another request may empty the cache while this one waits on the database.
      const known = page.ids.map((id) => cache.product(id));
      const missing = page.ids.filter((_id, at) => known[at] === undefined);
      const [records, counts] = await Promise.all([repo.records(missing), repo.counts(page.ids)]);
      const read = new Map(records.map((row) => [row.id, JSON.stringify(toListedProduct(row))]));
      // Kept only when nothing in the catalogue changed while they were read.
      if ((kept === undefined || read.size > 0) && (await repo.version()) === version)
        cache.keep(version, kept === undefined ? { key, value: page } : null, read);
      const countsById = new Map(counts.map((row) => [row.item_id, row]));
      // Written as text: the products' JSON is kept, only their counts are new.
      const data = page.ids.flatMap((id, at) => {
        const listed = known[at] ?? read.get(id);
        return listed === undefined ? [] : [productJson(listed, countsById.get(id))];
      });
      return { data: new JsonText(`[${data.join(',')}]`), totalRecord: page.total };
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
          await productsRepository(trx, dialect).insert({
            id,
            ...columns,
            images: JSON.stringify(images),
            created_at: created,
            updated_at: created,
          });
          await countProducts(trx, [{ placement, delta: 1 }]);
        }),
      );
      return find(id);
    },

    /** Details, event and link; the images stay as they are. */
    async update({ id, productData }: ProductUpdate): Promise<Product> {
      const columns = detailColumns(productData);
      await db.transaction().execute(async (trx) => {
        const writer = productsRepository(trx, dialect);
        const [before] = await writer.stored([id]);
        if (before === undefined) throw new HttpError(404, productAnswers.notFound);
        const placement = placementOf(columns);
        await checkPlacement(trx, placement);
        await writer.update(id, { ...columns, updated_at: now() });
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
      const images = await db.transaction().execute(async (trx) => {
        const writer = productsRepository(trx, dialect);
        const stored = await writer.stored(ids);
        requireAll(ids.length, stored.length);
        await writer.delete(ids);
        await countProducts(
          trx,
          stored.map((row) => ({ placement: placementOf(row), delta: -1 })),
        );
        return stored.flatMap((row) =>
          (JSON.parse(row.images) as ProductImage[]).map((image) => image.url),
        );
      });
      // Linked images are not ours: the media store only removes its own paths.
      await removeFiles(media, images);
    },

    async setEvent(ids: readonly string[], event: ProductEvent): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const updated = await productsRepository(trx, dialect).setEvent(ids, event, now());
        requireAll(ids.length, updated);
      });
    },
  };
}
