import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

// The bulk import (POST /api/App/product/bulk) matches the products it is sent to the stored
// ones by og_url, a few hundred at a time. PostgreSQL's index is a hash index: a B-tree entry
// holds at most about 2,700 bytes, and an og_url may take 2,048 characters of up to 4 bytes.
export async function up(db: Kysely<unknown>): Promise<void> {
  const index = db.schema.createIndex('products_og_url').on('products').column('og_url');
  await (dialectOf(db) === 'postgres' ? index.using('hash') : index).execute();
}
