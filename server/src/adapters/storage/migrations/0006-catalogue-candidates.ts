import type { Kysely } from 'kysely';
import { createCandidateIndex } from '../dialect.js';

// A search with a category filter (and events, subcategories) checks its words in the few
// products the filters leave, read from this index, rather than in the full-text index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createCandidateIndex(
    db,
    { table: 'products', key: 'id', column: 'search_text' },
    { sorted: ['category_id', 'events'], held: ['subcategory_id'] },
  );
}
