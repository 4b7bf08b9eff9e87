import { sql, type Kysely } from 'kysely';
import { createCandidateIndex, dialectOf } from '../dialect.js';

// SQLite's candidate index (0006) was sorted by category then event, so a bulk event update of
// 10,000 products rewrote 10,000 of its entries (each holding the product's search text) at as
// many places: a third to a half of the UPDATE's time at 1,000,000 products (docs/decisions.md).
// It now holds the category and subcategory only; a search filtering events as well goes through the full-text index, as
// 0007 made the full-text index do. The search in memory answers such lists anyway.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`DROP INDEX products_candidates`.execute(db);
  await createCandidateIndex(
    db,
    { table: 'products', key: 'id', column: 'search_text' },
    { sorted: ['category_id'], held: ['subcategory_id'] },
  );
}
