// Storage of products. Portable kysely only; the full-text match comes from the dialect helper.
import type { ProductEvent, ProductListQuery } from '@dealdesk/core';
import type { Insertable, Kysely, Updateable } from 'kysely';
import {
  type DialectName,
  type FullTextIndex,
  matchesFullText,
} from '../../adapters/storage/dialect.js';
import type { Database } from '../../adapters/storage/schema.js';
import type { ProductRecord } from './rows.js';
import type { ProductsTable } from './tables.js';

/** The words of titles and specifications, with the list's filters beside them. */
const productSearch: FullTextIndex<'category_id' | 'subcategory_id' | 'events'> = {
  table: 'products',
  key: 'id',
  column: 'search_text',
  tags: ['category_id', 'subcategory_id', 'events'],
};

export type ProductFilters = Pick<
  ProductListQuery,
  'q' | 'categories' | 'subCategories' | 'events'
>;

export function productsRepository(db: Kysely<Database>, dialect: DialectName) {
  /** Products matching every filter given: any of each list, and every word of q. */
  const matching = (filters: ProductFilters) => {
    const query = db.selectFrom('products');
    const condition = matchesFullText(dialect, productSearch, filters.q, {
      category_id: filters.categories,
      subcategory_id: filters.subCategories,
      events: filters.events,
    });
    return condition === null ? query : query.where(condition);
  };

  /** Products with their category and subcategory names and their view and click totals. */
  const records = (filters: ProductFilters) =>
    matching(filters)
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .innerJoin('subcategories', 'subcategories.id', 'products.subcategory_id')
      .leftJoin('item_totals', 'item_totals.item_id', 'products.id')
      .select([
        'products.id',
        'products.title',
        'products.price',
        'products.og_price',
        'products.rating',
        'products.ratings_and_reviews',
        'products.delivery_info',
        'products.available_sizes',
        'products.specifications',
        'products.og_url',
        'products.btn_url',
        'products.category_id',
        'products.subcategory_id',
        'products.events',
        'products.images',
        'products.created_at',
        'categories.name as category_name',
        'subcategories.name as subcategory_name',
        'item_totals.views',
        'item_totals.clicks',
      ]);

  const noFilters: ProductFilters = { q: '', categories: [], subCategories: [], events: [] };

  return {
    /** One page, newest first (ids are time-ordered). */
    page: (filters: ProductFilters, page: number, limit: number): Promise<ProductRecord[]> =>
      records(filters)
        .orderBy('products.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),

    count: async (filters: ProductFilters): Promise<number> => {
      const { total } = await matching(filters)
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow();
      return Number(total);
    },

    find: (id: string): Promise<ProductRecord | undefined> =>
      records(noFilters).where('products.id', '=', id).executeTakeFirst(),

    /** What a change needs to know of the stored products: place and files. */
    stored: (ids: readonly string[]) =>
      db
        .selectFrom('products')
        .select(['id', 'category_id', 'subcategory_id', 'images'])
        .where('id', 'in', ids)
        .execute(),

    insert: (row: Insertable<ProductsTable>) => db.insertInto('products').values(row).execute(),

    update: (id: string, changes: Updateable<ProductsTable>) =>
      db.updateTable('products').set(changes).where('id', '=', id).execute(),

    /** Sets one event on every product given; answers how many exist. */
    setEvent: async (ids: readonly string[], event: ProductEvent, now: string) => {
      const { numUpdatedRows } = await db
        .updateTable('products')
        .set({ events: event, updated_at: now })
        .where('id', 'in', ids)
        .executeTakeFirstOrThrow();
      return Number(numUpdatedRows);
    },

    /** Deletes the products and their view and click counters. */
    delete: async (ids: readonly string[]) => {
      await db.deleteFrom('products').where('id', 'in', ids).execute();
      await db.deleteFrom('item_daily_counts').where('item_id', 'in', ids).execute();
      await db.deleteFrom('item_totals').where('item_id', 'in', ids).execute();
    },
  };
}
