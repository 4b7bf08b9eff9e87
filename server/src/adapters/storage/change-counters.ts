// Counters the database raises on every change to a set of tables, so that each server
// instance can keep answers built from those tables in memory and tell, with one read of a
// single row, whether they still hold. The triggers raise them whoever writes (any instance,
// a migration, a seed), inside the writing transaction.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Database } from './schema.js';

export interface ChangeCountersTable {
  name: string;
  /** Raised by one or more on every change; only its changing matters. */
  version: number | string;
}

export interface ChangeCounterTables {
  change_counters: ChangeCountersTable;
}

/**
 * Creates counter `name` and the triggers raising it on any insert, update or delete on
 * `tables`. SQLite raises it once per row changed (it has no statement triggers), PostgreSQL
 * once per statement. The change_counters table comes with the first counter.
 */
export async function createChangeCounter(
  db: Kysely<unknown>,
  name: string,
  tables: readonly string[],
): Promise<void> {
  await db.schema
    .createTable('change_counters')
    .ifNotExists()
    .addColumn('name', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  await sql`INSERT INTO change_counters (name, version) VALUES (${name}, 0)`.execute(db);
  const raise = sql`UPDATE change_counters SET version = version + 1 WHERE name = ${sql.lit(name)}`;
  const postgres = dialectOf(db) === 'postgres';
  if (postgres)
    await sql`CREATE OR REPLACE FUNCTION raise_change_counter() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE change_counters SET version = version + 1 WHERE name = TG_ARGV[0];
        RETURN NULL;
      END $$`.execute(db);
  for (const table of tables) {
    if (postgres) {
      await sql`CREATE TRIGGER ${sql.id(`${table}_${name}_changes`)}
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.id(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION raise_change_counter(${sql.lit(name)})`.execute(db);
      continue;
    }
    for (const event of ['INSERT', 'UPDATE', 'DELETE'])
      await sql`CREATE TRIGGER ${sql.id(`${table}_${name}_${event.toLowerCase()}`)}
        AFTER ${sql.raw(event)} ON ${sql.id(table)} BEGIN ${raise}; END`.execute(db);
  }
}

/** The counter's value now. */
export async function readChangeCounter(db: Kysely<Database>, name: string): Promise<number> {
  const { version } = await db
    .selectFrom('change_counters')
    .select('version')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(version);
}
