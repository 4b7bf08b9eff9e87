import { type Kysely, sql } from 'kysely';
import { createChangeLog } from '../change-counters.js';
import { dialectOf } from '../dialect.js';

// The product list's search moves into each server's memory, which follows the catalogue's
// changes product by product: the catalogue counter (0008) gets a change log, raised only by
// changes a listed product shows (its own row, its category's or subcategory's name; no
// longer the categories' product counts).
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = ['products', 'categories', 'subcategories'];
  if (dialectOf(db) === 'postgres') {
    for (const table of tables)
      await sql`DROP TRIGGER ${sql.id(`${table}_catalogue_changes`)} ON ${sql.id(table)}`.execute(
        db,
      );
    await sql`DROP FUNCTION raise_change_counter()`.execute(db);
  } else {
    for (const table of tables)
      for (const event of ['insert', 'update', 'delete'])
        await sql`DROP TRIGGER ${sql.id(`${table}_catalogue_${event}`)}`.execute(db);
  }
  await createChangeLog(db, 'catalogue', { table: 'products', key: 'id' }, [
    { table: 'categories', column: 'name' },
    { table: 'subcategories', column: 'name' },
  ]);
}
