import { type Kysely, sql } from 'kysely';
import { namesChanged } from '../change-counters.js';
import { dialectOf } from '../dialect.js';

// Two changes of the catalogue made in place instead of all over again.
//
// A category or subcategory renamed logged "anything may have changed" (0010), and every
// instance loaded its whole catalogue memory again: 10 to 20 s at 1,000,000 products for a
// name the memory does not hold (a page's names are read with its rows). The rename triggers
// now log `namesChanged` instead, which the memory passes over; a truncate still logs null.
//
// PostgreSQL: an event update of 10,000 products wrote each new row version into all eight
// indexes of products (2.5 to 3.5 s at 1,000,000, nearly all of it index pages). Without an
// index on events, and with room left in each page (fillfactor), it is a heap-only update
// that touches no index (0.5 to 0.6 s). Lists filtered by event are the memory's; the
// database's (while it loads) filters events beside the other indexes. Rows stored before keep
// their full pages until rewritten (docs/operations.md: VACUUM FULL products, once).
const renamed = ['categories', 'subcategories'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await renamesLoggedByName(db);
  if (dialectOf(db) !== 'postgres') return;
  await sql`DROP INDEX products_events`.execute(db);
  await sql`ALTER TABLE products SET (fillfactor = 85)`.execute(db);
}

async function renamesLoggedByName(db: Kysely<unknown>): Promise<void> {
  const trigger = (table: string) => sql.id(`${table}_catalogue_rename`);
  if (dialectOf(db) === 'postgres') {
    await sql`CREATE FUNCTION log_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE raised bigint;
      BEGIN
        UPDATE change_counters SET version = version + 1 WHERE name = 'catalogue'
          RETURNING version INTO raised;
        INSERT INTO catalogue_changes (version, item) VALUES (raised, ${sql.lit(namesChanged)});
        RETURN NULL;
      END $$`.execute(db);
    for (const table of renamed) {
      await sql`DROP TRIGGER ${trigger(table)} ON ${sql.id(table)}`.execute(db);
      await sql`CREATE TRIGGER ${trigger(table)} AFTER UPDATE OF name ON ${sql.id(table)}
        FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name)
        EXECUTE FUNCTION log_names_changed()`.execute(db);
    }
    return;
  }
  for (const table of renamed) {
    await sql`DROP TRIGGER ${trigger(table)}`.execute(db);
    await sql`CREATE TRIGGER ${trigger(table)} AFTER UPDATE OF name ON ${sql.id(table)}
      WHEN old.name IS NOT new.name
      BEGIN
        UPDATE change_counters SET version = version + 1 WHERE name = 'catalogue';
        INSERT INTO catalogue_changes (version, item)
          SELECT version, ${sql.lit(namesChanged)} FROM change_counters WHERE name = 'catalogue';
      END`.execute(db);
  }
}
