// Counters the database raises on every change to a set of tables, so that each server
// instance can keep answers built from those tables in memory and tell, with one read of a
// single row, whether they still hold. The triggers raise them whoever writes (any instance,
// a migration, a seed), inside the writing transaction. A counter with a change log also
// records which rows each raise changed, so that memory can follow the changes row by row.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Database } from './schema.js';

export interface ChangeCountersTable {
  name: string;
  /** Raised by one or more on every change; only its changing matters. */
  version: number | string;
}

/** A change log's entry: the counter's value the change raised it to, and the row changed. */
export interface ChangeLogTable {
  version: number | string;
  /** The changed row's key; null when anything may have changed (reread everything). */
  item: string | null;
}

/**
 * The catalogue log's item for a category or subcategory renamed (migration 0028): a name the
 * listed products show changed, none of their rows. Never a key: ids are hexadecimal.
 */
export const namesChanged = 'names';

export interface ChangeCounterTables {
  change_counters: ChangeCountersTable;
  catalogue_changes: ChangeLogTable;
  totals_changes: ChangeLogTable;
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

/** The values of several counters now, read at once (all of them: a row each, a handful). */
export async function readChangeCounters<Name extends string>(
  db: Kysely<Database>,
  names: readonly Name[],
): Promise<Record<Name, number>> {
  // Cheaper without a WHERE: SQLite takes a third of the time for the table's few rows.
  const rows = await db.selectFrom('change_counters').select(['name', 'version']).execute();
  const versions = Object.fromEntries(rows.map((row) => [row.name, Number(row.version)]));
  for (const name of names)
    if (versions[name] === undefined) throw new Error(`no change counter ${name}`);
  return versions as Record<Name, number>;
}

/**
 * Takes counter `name`'s row lock (PostgreSQL) before a transaction writes several statements
 * to a logged table: its triggers take the lock after each statement's rows, so two such
 * transactions locking rows first could each wait for the other. SQLite writes one at a time.
 */
export async function lockChangeCounter(db: Kysely<Database>, name: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`SELECT version FROM change_counters WHERE name = ${name} FOR UPDATE`.execute(db);
}

/** Each change to a row, and which of its values (new or old) names the row changed. */
const rowChanges = [
  ['INSERT', 'new'],
  ['UPDATE', 'new'],
  ['DELETE', 'old'],
] as const;

/** The change log of counter `name`. */
const logOf = (name: string) => sql.id(`${name}_changes`);

/**
 * Gives counter `name` (createChangeCounter) a change log, `<name>_changes`, and makes its
 * triggers anew: every insert, update or delete on `rows.table` raises the counter and logs
 * each changed row's key at the raised value; a change of `renamed`'s columns (a name the
 * rows show) raises it and logs that anything may have changed. Nothing else raises it, so
 * the log holds every value the counter took since. PostgreSQL logs a statement's rows from
 * its transition table under one raise; the counter's row lock orders raises as commits are
 * ordered, so a reader never finds a value logged after a higher one it has already seen.
 */
export async function createChangeLog(
  db: Kysely<unknown>,
  name: string,
  rows: { table: string; key: string },
  renamed: readonly { table: string; column: string }[],
): Promise<void> {
  const log = logOf(name);
  await sql`CREATE TABLE ${log} (version bigint NOT NULL, item varchar(64))`.execute(db);
  await sql`CREATE INDEX ${sql.id(`${name}_changes_version`)} ON ${log} (version)`.execute(db);
  const table = sql.id(rows.table);
  const trigger = (on: string, event: string) => sql.id(`${on}_${name}_${event}`);
  if (dialectOf(db) === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION log_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE raised bigint;
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM changed) THEN RETURN NULL; END IF;
        UPDATE change_counters SET version = version + 1 WHERE name = TG_ARGV[0]
          RETURNING version INTO raised;
        EXECUTE format('INSERT INTO %I (version, item) SELECT $1, %I FROM changed',
          TG_ARGV[0] || '_changes', TG_ARGV[1]) USING raised;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE OR REPLACE FUNCTION log_everything_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE raised bigint;
      BEGIN
        UPDATE change_counters SET version = version + 1 WHERE name = TG_ARGV[0]
          RETURNING version INTO raised;
        EXECUTE format('INSERT INTO %I (version, item) VALUES ($1, NULL)', TG_ARGV[0] || '_changes')
          USING raised;
        RETURN NULL;
      END $$`.execute(db);
    const logRows = sql`log_changed_rows(${sql.lit(name)}, ${sql.lit(rows.key)})`;
    const logAll = sql`log_everything_changed(${sql.lit(name)})`;
    for (const [event, row] of rowChanges)
      await sql`CREATE TRIGGER ${trigger(rows.table, event.toLowerCase())} AFTER ${sql.raw(event)}
        ON ${table} REFERENCING ${sql.raw(row)} TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION ${logRows}`.execute(db);
    await sql`CREATE TRIGGER ${trigger(rows.table, 'truncate')} AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION ${logAll}`.execute(db);
    for (const { table: source, column } of renamed)
      await sql`CREATE TRIGGER ${trigger(source, 'rename')} AFTER UPDATE OF ${sql.id(column)}
        ON ${sql.id(source)} FOR EACH ROW
        WHEN (old.${sql.id(column)} IS DISTINCT FROM new.${sql.id(column)})
        EXECUTE FUNCTION ${logAll}`.execute(db);
    return;
  }
  const raise = sql`UPDATE change_counters SET version = version + 1 WHERE name = ${sql.lit(name)}`;
  const logged = (item: ReturnType<typeof sql>) =>
    sql`INSERT INTO ${log} (version, item)
      SELECT version, ${item} FROM change_counters WHERE name = ${sql.lit(name)}`;
  for (const [event, row] of rowChanges)
    await sql`CREATE TRIGGER ${trigger(rows.table, event.toLowerCase())} AFTER ${sql.raw(event)}
      ON ${table} BEGIN ${raise}; ${logged(sql`${sql.raw(row)}.${sql.id(rows.key)}`)}; END`.execute(
      db,
    );
  for (const { table: source, column } of renamed)
    await sql`CREATE TRIGGER ${trigger(source, 'rename')} AFTER UPDATE OF ${sql.id(column)}
      ON ${sql.id(source)} WHEN old.${sql.id(column)} IS NOT new.${sql.id(column)}
      BEGIN ${raise}; ${logged(sql`NULL`)}; END`.execute(db);
}

/**
 * SQLite: logs the rows of `rows.table` after rowid `after` under one raise of counter `name`,
 * as PostgreSQL's statement trigger logs a statement's rows: for an insert made with the row
 * triggers paused (dialect.ts insertWithTriggersPaused). Nothing is raised when there are none.
 */
export async function logRowsAfter(
  db: Kysely<Database>,
  name: string,
  rows: { table: string; key: string },
  after: number,
): Promise<void> {
  const table = sql.id(rows.table);
  const added = sql`${sql.ref(`${rows.table}.rowid`)} > ${after}`;
  const { rows: found } = await sql`SELECT 1 FROM ${table} WHERE ${added} LIMIT 1`.execute(db);
  if (found.length === 0) return;
  await sql`UPDATE change_counters SET version = version + 1 WHERE name = ${name}`.execute(db);
  await sql`INSERT INTO ${logOf(name)} (version, item)
    SELECT (SELECT version FROM change_counters WHERE name = ${name}), ${sql.id(rows.key)}
    FROM ${table} WHERE ${added}`.execute(db);
}

/**
 * The keys logged since counter value `known`, in parts: about `limit` entries, whole values
 * only (a value logged with more entries than `limit` comes alone, whole), and the value they
 * reach; null when the log cannot tell (something was logged as anything changed, or the log
 * no longer reaches back to `known`): then everything must be read again. A large change (an
 * import of 900,000) is so never held at once, neither its log rows nor their keys.
 */
export async function readChangesSince(
  db: Kysely<Database>,
  name: string,
  known: number,
  limit: number,
): Promise<{ version: number; items: string[] } | null> {
  const log = logOf(name);
  const { rows: read } = await sql<ChangeLogTable>`SELECT version, item FROM ${log}
    WHERE version > ${known} ORDER BY version LIMIT ${limit + 1}`.execute(db);
  let rows = read;
  const beyond = read[limit];
  if (beyond !== undefined) {
    // The last value read may go on past the limit: it comes whole with the next part.
    rows = read.filter((row) => Number(row.version) < Number(beyond.version));
    if (rows.length === 0)
      ({ rows } = await sql<ChangeLogTable>`SELECT version, item FROM ${log}
        WHERE version = ${beyond.version}`.execute(db));
  }
  const items = new Set<string>();
  let version = known;
  for (const row of rows) {
    const at = Number(row.version);
    // Values come one after another; a gap is a value pruned away.
    if (at !== version && at !== version + 1) return null;
    if (row.item === null) return null;
    items.add(row.item);
    version = at;
  }
  return { version, items: [...items] };
}

/** Forgets the log's entries more than `kept` values behind its newest. */
export async function pruneChangeLog(
  db: Kysely<Database>,
  name: string,
  kept: number,
): Promise<void> {
  const log = logOf(name);
  await sql`DELETE FROM ${log}
    WHERE version <= (SELECT max(version) FROM ${log}) - ${kept}`.execute(db);
}
