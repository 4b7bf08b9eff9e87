import type { Kysely } from 'kysely';
import { retagFullTextIndex } from '../dialect.js';

// SQLite's full-text index held each product's event as a word, so a bulk event update
// rewrote 10,000 index entries; it now holds the category and subcategory only, and an event
// filter is checked in the rows the search finds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await retagFullTextIndex(db, {
    table: 'products',
    key: 'id',
    column: 'search_text',
    tags: ['category_id', 'subcategory_id'],
  });
}
