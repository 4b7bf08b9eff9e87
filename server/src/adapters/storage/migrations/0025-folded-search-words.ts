import { sql, type Kysely } from 'kysely';
import { searchableText } from '../search-words.js';

/** The products table as this migration reads and writes it. */
// A type alias (not an interface): withTables wants an index-signature-compatible shape.
type Products = { products: { id: string; search_text: string } };

/** Rows read per batch, and rewritten per statement at most (two bound values each). */
const batch = 1_000;

// Search words now fold Latin case and accents (core's search-fold.ts): each stored search text
// is folded again. The stored words are the old fold of the same texts, so folding them gives
// what writing the product now gives, without reading its title and specifications. Batches
// in id order, one UPDATE for the rows of a batch that change (few: most text has no accent);
// the full-text indexes follow (SQLite's triggers, PostgreSQL's generated column).
export async function up(db: Kysely<unknown>): Promise<void> {
  const products = db.withTables<Products>();
  let after = '';
  for (;;) {
    const rows = await products
      .selectFrom('products')
      .select(['id', 'search_text'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    const changed = rows.flatMap(({ id, search_text }) => {
      const folded = searchableText(search_text);
      return folded === search_text ? [] : [{ id, folded }];
    });
    const last = rows.at(-1);
    if (changed.length > 0 && last !== undefined) {
      // Joined to the new texts as a VALUES list (columns column1, column2 on both dialects):
      // one statement per batch. The batch's id range keeps each from scanning the table.
      const values = sql.join(changed.map(({ id, folded }) => sql`(${id}, ${folded})`));
      await sql`UPDATE products SET search_text = folded.search_text
        FROM (SELECT column1 AS id, column2 AS search_text FROM (VALUES ${values}) AS listed)
          AS folded
        WHERE products.id = folded.id AND products.id > ${after}
          AND products.id <= ${last.id}`.execute(db);
    }
    if (last === undefined || rows.length < batch) return;
    after = last.id;
  }
}
