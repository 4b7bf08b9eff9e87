import type { Kysely } from 'kysely';
import { createFullTextIndex } from '../dialect.js';

// The catalogue (categories, subcategories, products) and the policy and terms texts.
// Products point at their category and subcategory with foreign keys and no cascade, so a
// category or subcategory that still has products cannot be deleted underneath them. The
// counts shown on categories are kept in their rows by the same transactions that change
// products and subcategories. Views and clicks of products live in the tracking counters.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // The name trimmed and lowercased: two categories never share a name.
    .addColumn('name_key', 'text', (col) => col.notNull().unique())
    .addColumn('main_image', 'text', (col) => col.notNull())
    .addColumn('bg_image', 'text', (col) => col.notNull())
    .addColumn('total_sub', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_products', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('subcategories')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('category_id', 'varchar(24)', (col) => col.notNull().references('categories.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('main_image', 'text', (col) => col.notNull())
    .addColumn('total_products', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    // Names are unique within a category; the list by category reads this index.
    .addUniqueConstraint('subcategories_category_name', ['category_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('price', 'double precision', (col) => col.notNull())
    .addColumn('og_price', 'double precision', (col) => col.notNull())
    .addColumn('rating', 'text', (col) => col.notNull())
    .addColumn('ratings_and_reviews', 'text', (col) => col.notNull())
    .addColumn('delivery_info', 'text', (col) => col.notNull())
    .addColumn('available_sizes', 'text', (col) => col.notNull()) // JSON list
    .addColumn('specifications', 'text', (col) => col.notNull()) // JSON map
    .addColumn('og_url', 'text', (col) => col.notNull())
    .addColumn('btn_url', 'text', (col) => col.notNull())
    .addColumn('category_id', 'varchar(24)', (col) => col.notNull().references('categories.id'))
    .addColumn('subcategory_id', 'varchar(24)', (col) =>
      col.notNull().references('subcategories.id'),
    )
    .addColumn('events', 'text', (col) => col.notNull().defaultTo('None'))
    .addColumn('images', 'text', (col) => col.notNull()) // JSON list of {url}
    // Title and specifications as one text, the full-text search's source.
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Lists are newest first (ids are time-ordered), filtered by any of these.
  for (const column of ['category_id', 'subcategory_id', 'events']) {
    await db.schema
      .createIndex(`products_${column}`)
      .on('products')
      .columns([column, 'id'])
      .execute();
  }
  await createFullTextIndex(db, {
    table: 'products',
    key: 'id',
    column: 'search_text',
    tags: ['category_id', 'subcategory_id', 'events'],
  });

  // The policy and the terms: one row each, kind 'policy' or 'terms'.
  await db.schema
    .createTable('policy_texts')
    .addColumn('kind', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}
