import { sql, type Kysely } from 'kysely';

// The product list sorts by title (ignoring case) and by price as well as newest first: an
// index for each, so a sorted page of a large catalogue is read in order, not sorted whole.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('products_title_lower')
    .on('products')
    .expression(sql`lower(title)`)
    .execute();
  await db.schema.createIndex('products_price').on('products').column('price').execute();
}
