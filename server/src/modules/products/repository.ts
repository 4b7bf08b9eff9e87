// Storage of products. Portable kysely only; the full-text match comes from the dialect helper.
import type { ProductEvent, ProductListQuery, ProductSortField, SortOrder } from '@dealdesk/core';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type SqlBool,
  type Updateable,
} from 'kysely';
import {
  type DialectName,
  type FullTextIndex,
  insertWithTriggersPaused,
  matchFullText,
} from '../../adapters/storage/dialect.js';
import {
  logRowsAfter,
  pruneChangeLog,
  readChangeCounter,
  readChangeCounters,
  readChangesSince,
} from '../../adapters/storage/change-counters.js';
import { insertRows } from '../../adapters/storage/multi-row-insert.js';
import type { Database } from '../../adapters/storage/schema.js';
import type { IndexedProduct } from './catalogue-index.js';
import type { ProductRecord } from './rows.js';
import type { ProductsTable } from './tables.js';

/** The words of titles and specifications, with the list's filters beside them. */
const productSearch: FullTextIndex<'category_id' | 'subcategory_id' | 'events'> = {
  table: 'products',
  key: 'id',
  column: 'search_text',
  // Migration 0007: events change in bulk, so SQLite's full-text index does not hold them.
  tags: ['category_id', 'subcategory_id'],
  // Migrations 0006, 0026: the list screens filter by category first; events change in bulk.
  candidates: { sorted: ['category_id'], held: ['subcategory_id'] },
};

export type ProductFilters = Pick<
  ProductListQuery,
  'q' | 'categories' | 'subCategories' | 'events'
>;

/**
 * Values one IN list of the bulk import's look-ups holds, and the values one of its multi-row
 * statements binds: well under SQLite's 32,766 bound parameters (PostgreSQL takes 65,535).
 */
const lookupChunk = 500;
const boundValues = 30_000;

/** The items in slices of at most `size`. */
function* slices<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** Rows of `rows` per multi-row statement: as many as the bound values allow. */
const rowsPerStatement = (rows: readonly object[]) =>
  Math.max(1, Math.floor(boundValues / Object.keys(rows[0] ?? {}).length));

/**
 * A search or filter finding at most this many products is answered from one pass over the
 * index: the matching ids give the total and the page. Broader lists are counted and paged
 * by the database instead.
 */
const onePassLimit = 5_000;

export function productsRepository(db: Kysely<Database>, dialect: DialectName) {
  /** Every filter given (any of each list) and every word of q; null when none is given. */
  const condition = (filters: ProductFilters) =>
    matchFullText(db, dialect, productSearch, filters.q, {
      category_id: filters.categories,
      subcategory_id: filters.subCategories,
      events: filters.events,
    });

  /** Products meeting a condition (all of them for null). */
  const products = (where: Expression<SqlBool> | null) =>
    where === null ? db.selectFrom('products') : db.selectFrom('products').where(where);

  /** One page of ids, newest first (ids are time-ordered), and the total. */
  const countAndPage = async (where: Expression<SqlBool> | null, offset: number, limit: number) => {
    const [rows, { total }] = await Promise.all([
      products(where).select('id').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      products(where)
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((row) => row.id), total: Number(total) };
  };

  /**
   * What each sort orders by (migration 0015 indexes title and price): titles ignore case, a
   * product never viewed or clicked counts 0. Ties fall back to newest first.
   */
  const sortKeys: Record<ProductSortField, Expression<unknown>> = {
    date: sql`products.id`,
    title: sql`lower(products.title)`,
    price: sql`products.price`,
    views: sql`coalesce(item_totals.views, 0)`,
    clicks: sql`coalesce(item_totals.clicks, 0)`,
  };

  /** A product's own columns, as lists and exports read them. */
  const storedColumns = [
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
  ] as const;

  /** Products with their category's and subcategory's names. */
  const records = () =>
    db
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .innerJoin('subcategories', 'subcategories.id', 'products.subcategory_id')
      .select([
        ...storedColumns,
        'products.created_at',
        'categories.name as category_name',
        'subcategories.name as subcategory_name',
      ]);

  return {
    /** The ids of one page of the products found, newest first, and how many were found. */
    async list(
      filters: ProductFilters,
      page: number,
      limit: number,
    ): Promise<{ ids: string[]; total: number }> {
      const offset = (page - 1) * limit;
      const where = await condition(filters);
      if (where === null) return countAndPage(where, offset, limit);
      const found = await products(where)
        .select('products.id')
        .orderBy('products.id', 'desc')
        .limit(onePassLimit + 1)
        .execute();
      if (found.length > onePassLimit) return countAndPage(where, offset, limit);
      return {
        ids: found.slice(offset, offset + limit).map((row) => row.id),
        total: found.length,
      };
    },

    /**
     * The app's page: up to `limit` ids found below `before` (all when null), newest first,
     * and one more when there is one (so the caller knows a next page exists); and how many
     * are found in all (below or not), counted up to `countedUpTo` only.
     */
    async pageBelow(
      filters: ProductFilters,
      before: string | null,
      limit: number,
      countedUpTo: number,
    ): Promise<{ ids: string[]; total: number }> {
      const where = await condition(filters);
      const [found, { total }] = await Promise.all([
        products(where)
          .$if(before !== null, (query) => query.where('products.id', '<', before ?? ''))
          .select('products.id')
          .orderBy('products.id', 'desc')
          .limit(limit + 1)
          .execute(),
        // Counting stops at the cap: a broad search reads that many index entries, not all.
        db
          .selectFrom(products(where).select('products.id').limit(countedUpTo).as('found'))
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { ids: found.map((row) => row.id), total: Number(total) };
    },

    /** One page of the products found in the order asked for, and how many were found. */
    async sortedPage(
      filters: ProductFilters,
      { sort, order }: { sort: ProductSortField; order: SortOrder },
      page: number,
      limit: number,
    ): Promise<{ ids: string[]; total: number }> {
      const where = await condition(filters);
      const [rows, { total }] = await Promise.all([
        products(where)
          .leftJoin('item_totals', 'item_totals.item_id', 'products.id')
          .select('products.id')
          .orderBy(sortKeys[sort], order)
          .orderBy('products.id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        products(where)
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { ids: rows.map((row) => row.id), total: Number(total) };
    },

    /** The condition of a search and filters (null: every product), for several queries. */
    filtered: condition,

    /**
     * A keyset page of an export: the next `limit` products meeting `where` after the one whose
     * sort key and id `after` holds (from the start when null), in the list's order (ties newest
     * first), whole rows, each with its sort key for the next page. Each page starts where the
     * last ended, so a page costs the same at the end of a large catalogue as at its start.
     */
    rowsAfter: (
      where: Expression<SqlBool> | null,
      { sort, order }: { sort: ProductSortField; order: SortOrder },
      after: { key: unknown; id: string } | null,
      limit: number,
    ) => {
      const key = sortKeys[sort];
      const beyond = sql.raw(order === 'desc' ? '<' : '>');
      const next =
        after === null
          ? null
          : sort === 'date'
            ? sql<SqlBool>`products.id ${beyond} ${after.id}`
            : sql<SqlBool>`(${key} ${beyond} ${after.key} OR (${key} = ${after.key} AND products.id < ${after.id}))`;
      return products(where)
        .leftJoin('item_totals', 'item_totals.item_id', 'products.id')
        .$if(next !== null, (query) => query.where(next as Expression<SqlBool>))
        .select([...storedColumns, sql<string | number>`${key}`.as('sort_key')])
        .orderBy(key, order)
        .orderBy('products.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The products asked for (in no particular order), with their category's and subcategory's names. */
    records: async (ids: readonly string[]): Promise<ProductRecord[]> =>
      ids.length === 0 ? [] : records().where('products.id', 'in', ids).execute(),

    /**
     * What the search in memory needs of products (catalogue-index.ts): those asked for, or
     * (`after` given) the next `limit` in id order. Their own columns only, no join.
     */
    indexed: (
      which: { ids: readonly string[] } | { after: string; limit: number },
    ): Promise<IndexedProduct[]> => {
      const query = db
        .selectFrom('products')
        .select(['id', 'category_id', 'subcategory_id', 'events', 'search_text']);
      return 'ids' in which
        ? query.where('id', 'in', which.ids).execute()
        : query.where('id', '>', which.after).orderBy('id').limit(which.limit).execute();
    },

    /** The view and click totals of the products asked for that have any. */
    counts: async (ids: readonly string[]) =>
      ids.length === 0
        ? []
        : db
            .selectFrom('item_totals')
            .select(['item_id', 'views', 'clicks'])
            .where('item_id', 'in', ids)
            .execute(),

    /** The catalogue's change counter (migrations 0008, 0010), raised by any change a product shows. */
    version: () => readChangeCounter(db, 'catalogue'),

    /** The catalogue's counter and the view and click totals' (0011), read at once. */
    versions: () => readChangeCounters(db, ['catalogue', 'totals']),

    /** The products changed since counter value `known` (null: reread them all). */
    changesSince: (known: number, limit: number) => readChangesSince(db, 'catalogue', known, limit),

    /** Forgets the change log but for its last `kept` values. */
    pruneChanges: (kept: number) => pruneChangeLog(db, 'catalogue', kept),

    count: async () =>
      Number(
        (
          await db
            .selectFrom('products')
            .select((eb) => eb.fn.countAll().as('total'))
            .executeTakeFirstOrThrow()
        ).total,
      ),

    /** What a change needs to know of the stored products: their own columns (place, files). */
    stored: (ids: readonly string[]) =>
      db.selectFrom('products').select(storedColumns).where('id', 'in', ids).execute(),

    /** The title and event of the products given: what an event update's audit keeps. */
    eventsOf: (ids: readonly string[]) =>
      db.selectFrom('products').select(['id', 'title', 'events']).where('id', 'in', ids).execute(),

    insert: (row: Insertable<ProductsTable>) => db.insertInto('products').values(row).execute(),

    /** The categories of those given that exist (a bulk import's check). */
    existingCategories: async (ids: readonly string[]): Promise<string[]> => {
      const found: string[] = [];
      for (const part of slices(ids, lookupChunk)) {
        const rows = await db
          .selectFrom('categories')
          .select('id')
          .where('id', 'in', part)
          .execute();
        found.push(...rows.map((row) => row.id));
      }
      return found;
    },

    /** The subcategories of those given that exist, with their categories. */
    subcategoryParents: async (ids: readonly string[]) => {
      const found: { id: string; category_id: string }[] = [];
      for (const part of slices(ids, lookupChunk))
        found.push(
          ...(await db
            .selectFrom('subcategories')
            .select(['id', 'category_id'])
            .where('id', 'in', part)
            .execute()),
        );
      return found;
    },

    /**
     * The stored products whose og_url is one of those given (migration 0018 indexes it), a
     * few hundred urls a query; PostgreSQL locks them until the transaction ends.
     */
    withOgUrls: async (urls: readonly string[]) => {
      const found: Pick<ProductsTable, 'id' | 'og_url' | 'category_id' | 'subcategory_id'>[] = [];
      for (const part of slices(urls, lookupChunk))
        found.push(
          ...(await db
            .selectFrom('products')
            .select(['id', 'og_url', 'category_id', 'subcategory_id'])
            .where('og_url', 'in', part)
            .$if(dialect === 'postgres', (query) => query.forUpdate())
            .execute()),
        );
      return found;
    },

    /**
     * Inserts products, `values` holding each one's `columns` one product after another: as
     * many a statement as the bound values allow, inside the caller's transaction. SQLite
     * indexes and logs them once at the end instead of row by row.
     */
    insertMany: async (
      columns: readonly (keyof ProductsTable)[],
      values: unknown[],
    ): Promise<void> => {
      const perStatement = Math.max(1, Math.floor(boundValues / columns.length)) * columns.length;
      const insert = async () => {
        for (const part of slices(values, perStatement)) {
          await insertRows(db, 'products', columns, part);
          // SQLite writes in this thread, where a 5,000-product call's statements hold the event
          // loop for a fifth of a second: a turn between them reads the next calls' bodies and
          // sends the last call's answer meanwhile (imports keep three in flight; without it
          // they arrived after the write, bench/cli/import.mjs), and the other requests go on.
          await nextTurn();
        }
      };
      if (dialect === 'postgres') return insert();
      const after = await insertWithTriggersPaused(db, productSearch, insert);
      await logRowsAfter(db, 'catalogue', productSearch, after);
    },

    /**
     * Replaces the stored products' columns with those given (but id and created_at), many a
     * statement: an insert whose every row meets its stored product by id.
     */
    replaceMany: async (rows: readonly Insertable<ProductsTable>[]): Promise<void> => {
      for (const part of slices(rows, rowsPerStatement(rows)))
        await db
          .insertInto('products')
          .values(part)
          .onConflict((conflict) =>
            conflict.column('id').doUpdateSet((eb) => ({
              title: eb.ref('excluded.title'),
              price: eb.ref('excluded.price'),
              og_price: eb.ref('excluded.og_price'),
              rating: eb.ref('excluded.rating'),
              ratings_and_reviews: eb.ref('excluded.ratings_and_reviews'),
              delivery_info: eb.ref('excluded.delivery_info'),
              available_sizes: eb.ref('excluded.available_sizes'),
              specifications: eb.ref('excluded.specifications'),
              og_url: eb.ref('excluded.og_url'),
              btn_url: eb.ref('excluded.btn_url'),
              category_id: eb.ref('excluded.category_id'),
              subcategory_id: eb.ref('excluded.subcategory_id'),
              events: eb.ref('excluded.events'),
              images: eb.ref('excluded.images'),
              search_text: eb.ref('excluded.search_text'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
    },

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

    /** Deletes the products (their counters are the tracking service's). */
    delete: async (ids: readonly string[]) => {
      await db.deleteFrom('products').where('id', 'in', ids).execute();
    },
  };
}
