import { type Kysely, sql } from 'kysely';
import { namesChanged } from '../change-counters.js';
import { dialectOf } from '../dialect.js';

// A category or subcategory renamed logged "anything may have changed" (0010), and every
// instance loaded its whole catalogue memory again: 10 to 20 s at 1,000,000 products for a
// name the memory does not hold (a page's names are read with its rows). The rename triggers
// now log `namesChanged` instead, which the memory passes over; a truncate still logs null.
const renamed = ['categories', 'subcategories'];

export async function up(db: Kysely<unknown>): Promise<void> {
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
