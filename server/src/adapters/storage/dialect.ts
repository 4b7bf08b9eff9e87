// The one place that knows SQLite from PostgreSQL. Everything else writes portable kysely:
// times are ISO-8601 UTC text, flags are 0/1 integers, JSON is text, counts go through
// Number() (PostgreSQL answers bigint counts as strings).
import SQLite from 'better-sqlite3';
import {
  type Dialect,
  type Expression,
  type Kysely,
  PostgresAdapter,
  PostgresDialect,
  type QueryExecutorProvider,
  type SqlBool,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fallbackCheckpointPages, startCheckpoints } from './checkpoints.js';
import { searchedWords } from './search-words.js';

export type DialectName = 'sqlite' | 'postgres';

export interface StorageLocation {
  dataDir: string;
  databaseUrl: string | null;
}

/**
 * The dialect of the configured database, and what must stop before it closes. Errors of the
 * background work (a dropped idle pg connection, a failed checkpoint) go to `onBackgroundError`.
 */
export function createDialect(
  location: StorageLocation,
  onBackgroundError: (error: Error) => void,
): { name: DialectName; dialect: Dialect; stop: () => Promise<void> } {
  if (location.databaseUrl !== null) {
    const pool = new pg.Pool({ connectionString: location.databaseUrl, max: 10 });
    // An idle connection that drops (a database restart, a failover) is an 'error' event on the
    // pool; unheard, it would end the process. The pool replaces the connection on next use.
    pool.on('error', onBackgroundError);
    return {
      name: 'postgres',
      dialect: new PostgresDialect({ pool }),
      stop: () => Promise.resolve(),
    };
  }
  mkdirSync(location.dataDir, { recursive: true });
  const file = join(location.dataDir, 'dealdesk.sqlite');
  const database = new SQLite(file);
  // WAL lets readers run while a write is in progress; the busy timeout covers two processes.
  // FULL syncs the log at every commit, so an acknowledged write (a tracked event, an admin's
  // save) survives a power cut too; the group commit shares one sync among many requests.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // A 64 MB page cache: the catalogue's rows are read far more often than written. No memory
  // map: the lists' search is the catalogue memory's, and a page reads 100 rows by id, so a
  // 256 MB map bought nothing measurable (bench/catalogue) and added its pages to the RSS.
  database.pragma('mmap_size = 0');
  database.pragma('cache_size = -65536');
  database.pragma(`wal_autocheckpoint = ${fallbackCheckpointPages}`);
  // A statement that may fail half-way through its rows (a multi-row write, or one firing
  // triggers) journals its pages to undo it; on disk that journal made a products insert with
  // the search and change-log triggers three times dearer.
  database.pragma('temp_store = MEMORY');
  const checkpoints = startCheckpoints(file, onBackgroundError);
  return {
    name: 'sqlite',
    dialect: new SqliteDialect({ database: reusingStatements(database) }),
    stop: () => checkpoints.stop(),
  };
}

/** Statements kept for reuse; the least recently used goes first. */
const cachedStatements = 500;

/**
 * kysely prepares every query anew; SQLite then parses and plans it again (and reopens the
 * full-text index), which costs more than running most of our queries. Statements are kept by
 * their SQL text and reused, unless one is still being iterated (a streamed query).
 */
function reusingStatements(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(source) {
      const kept = statements.get(source);
      statements.delete(source);
      const statement = kept !== undefined && !kept.busy ? kept : database.prepare(source);
      statements.set(source, statement);
      if (statements.size > cachedStatements) {
        const [oldest] = statements.keys();
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

/** True when an insert or update failed on a unique constraint, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Which dialect a Kysely instance speaks (migrations get the instance, not the config). */
export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * A text column searched word by word, the table's key column, and the columns (Tag) list
 * filters use with the search (their values: letters, digits and spaces only).
 */
export interface FullTextIndex<Tag extends string = string> {
  table: string;
  key: string;
  column: string;
  /**
   * SQLite: the filter columns its full-text index also holds, as words (a search with broad
   * filters is then answered from the index alone). Each costs an index rewrite whenever its
   * value changes, so a column changed in bulk (a product's event) is better left out: filters
   * on it are checked in the rows the index finds.
   */
  tags: readonly Tag[];
  /** SQLite: the table's candidate index (createCandidateIndex), if it has one. */
  candidates?: CandidateIndex<Tag>;
}

/** Tags an index is sorted by (the first must be filtered on), and tags it holds besides. */
export interface CandidateIndex<Tag extends string = string> {
  sorted: readonly Tag[];
  held: readonly Tag[];
}

/** How SQLite's index holds a tag value: one word, the column's name then the value's. */
const tagWord = (column: string, value: string) =>
  `${column.replace(/_/g, '')}${value.replace(/ /g, '')}`.toLowerCase();

/**
 * Makes `column` (written with searchableText) searchable. SQLite: an FTS5 index kept by
 * triggers, holding the words and, as one word each, the tag columns' values, so a search
 * with broad filters is answered from the index alone; it is keyed through a small table of
 * stable integer ids (a table's own rowid may change on VACUUM). PostgreSQL: a generated
 * tsvector of the same words with a GIN index, beside the tag columns' own indexes. Migration
 * 0004 calls this: a change here reaches new databases only, existing ones need a migration of
 * their own.
 */
export async function createFullTextIndex(
  db: Kysely<unknown>,
  { table, key, column, tags }: FullTextIndex,
): Promise<void> {
  const source = sql.id(table);
  const keyColumn = sql.id(key);
  const text = sql.id(column);
  const index = sql.id(`${table}_search`);
  if (dialectOf(db) === 'postgres') {
    await sql`ALTER TABLE ${source} ADD COLUMN search_vector tsvector
      GENERATED ALWAYS AS (array_to_tsvector(string_to_array(${text}, ' '))) STORED`.execute(db);
    await sql`CREATE INDEX ${index} ON ${source} USING gin (search_vector)`.execute(db);
    return;
  }
  const keys = sql.id(`${table}_search_keys`);
  const trigger = (event: string) => sql.id(`${table}_search_${event}`);
  const rowOf = (row: 'new' | 'old') =>
    sql`(SELECT rowid FROM ${keys} WHERE item = ${sql.raw(row)}.${keyColumn})`;
  const newTags = tagWords(tags, 'new');
  const indexed = sql.join([column, ...tags].map((name) => sql.id(name)));
  await sql`CREATE TABLE ${keys} (rowid INTEGER PRIMARY KEY, item TEXT NOT NULL UNIQUE)`.execute(
    db,
  );
  // Prefix indexes of 2 and 3 characters keep search-as-you-type prefixes quick. The words
  // come split already: spaces are the only separators, marks stay in their words.
  await sql`CREATE VIRTUAL TABLE ${index} USING fts5(body, tags, content='',
    contentless_delete=1, prefix='2 3',
    tokenize="unicode61 remove_diacritics 0 categories 'L* M* N* Co'")`.execute(db);
  await sql`CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${source} BEGIN
    INSERT INTO ${keys} (item) VALUES (new.${keyColumn});
    INSERT INTO ${index} (rowid, body, tags) VALUES (last_insert_rowid(), new.${text}, ${newTags});
  END`.execute(db);
  // Only rows whose indexed values changed are indexed again (a price edit is not).
  const changed = sql.join(
    [column, ...tags].map((name) => sql`old.${sql.id(name)} IS NOT new.${sql.id(name)}`),
    sql` OR `,
  );
  await sql`CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF ${indexed} ON ${source}
  WHEN ${changed} BEGIN
    DELETE FROM ${index} WHERE rowid = ${rowOf('old')};
    INSERT INTO ${index} (rowid, body, tags) VALUES (${rowOf('new')}, new.${text}, ${newTags});
  END`.execute(db);
  await sql`CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${source} BEGIN
    DELETE FROM ${index} WHERE rowid = ${rowOf('old')};
    DELETE FROM ${keys} WHERE item = old.${keyColumn};
  END`.execute(db);
  // The rows already there (none when the table is new).
  await indexRowsAfter(db, { table, key, column, tags }, null);
}

/** The SQL twin of tagWord() for every tag of `row` (a row or table name), spaces between. */
const tagWords = (tags: readonly string[], row: string) =>
  tags.length === 0
    ? sql.lit('')
    : sql.join(
        tags.map(
          (tag) =>
            sql`${sql.lit(tag.replace(/_/g, ''))} || lower(replace(${sql.ref(`${row}.${tag}`)}, ' ', ''))`,
        ),
        sql` || ' ' || `,
      );

/**
 * SQLite: adds the table's rows after rowid `after` (all of them for null) to its full-text
 * index, two statements whatever their number: what the insert trigger does row by row.
 */
async function indexRowsAfter(
  db: QueryExecutorProvider,
  { table, key, column, tags }: FullTextIndex,
  after: number | null,
): Promise<void> {
  const source = sql.id(table);
  const keys = sql.id(`${table}_search_keys`);
  const added = after === null ? sql`` : sql`WHERE ${sql.ref(`${table}.rowid`)} > ${after}`;
  await sql`INSERT INTO ${keys} (item) SELECT ${sql.id(key)} FROM ${source} ${added}`.execute(db);
  await sql`INSERT INTO ${sql.id(`${table}_search`)} (rowid, body, tags)
    SELECT ${keys}.rowid, ${sql.ref(`${table}.${column}`)}, ${tagWords(tags, table)}
    FROM ${source} JOIN ${keys} ON ${keys}.item = ${sql.ref(`${table}.${key}`)} ${added}`.execute(
    db,
  );
}

/**
 * SQLite: the table whose row, while a transaction holds one, keeps the insert triggers of the
 * full-text indexes and change logs (migration 0019) from firing.
 */
export const pausedTriggers = 'row_triggers_paused';

/**
 * SQLite: runs `insert` (inside the caller's transaction) with the table's insert triggers
 * paused, then indexes the inserted rows in one statement each. SQLite has no statement
 * triggers: row by row they cost twice the inserts of a 5,000-product import. Answers the
 * rowid the inserted rows follow, for the change log (change-counters.ts logRowsAfter).
 */
export async function insertWithTriggersPaused(
  db: QueryExecutorProvider,
  index: FullTextIndex,
  insert: () => Promise<void>,
): Promise<number> {
  const { rows } = await sql<{ last: number | null }>`SELECT max(rowid) AS last
    FROM ${sql.id(index.table)}`.execute(db);
  // Rowids only grow: every row past the last one is this insert's (SQLite writes one at a time).
  const after = rows[0]?.last ?? 0;
  await sql`INSERT INTO ${sql.id(pausedTriggers)} (paused) VALUES (1)`.execute(db);
  await insert();
  await sql`DELETE FROM ${sql.id(pausedTriggers)}`.execute(db);
  await indexRowsAfter(db, index, after);
  return after;
}

/**
 * SQLite: builds the table's full-text index again, holding the tags given (the words do not
 * change, so PostgreSQL, whose index holds words only, has nothing to do).
 */
export async function retagFullTextIndex(db: Kysely<unknown>, index: FullTextIndex): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  const { table } = index;
  for (const event of ['insert', 'update', 'delete'])
    await sql`DROP TRIGGER ${sql.id(`${table}_search_${event}`)}`.execute(db);
  await sql`DROP TABLE ${sql.id(`${table}_search`)}`.execute(db);
  await sql`DROP TABLE ${sql.id(`${table}_search_keys`)}`.execute(db);
  await createFullTextIndex(db, index);
}

/**
 * SQLite: an index of the rows by their sorted tags then key, holding the held tags and the
 * searched column, from which matchFullText checks a search's words in the few rows a filter
 * leaves without reading those rows. PostgreSQL needs none: its planner combines the tag
 * columns' indexes with the tsvector's. Each tag in it makes its changes dearer (a bulk event
 * update rewrites the rows' entries), so it holds the filters searched with most. A change here
 * reaches new databases only, as with createFullTextIndex.
 */
export async function createCandidateIndex(
  db: Kysely<unknown>,
  { table, key, column }: Omit<FullTextIndex, 'tags'>,
  { sorted, held }: CandidateIndex,
): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  const columns = [...sorted, key, ...held, column].map((name) => sql.id(name));
  await sql`CREATE INDEX ${sql.id(`${table}_candidates`)}
    ON ${sql.id(table)} (${sql.join(columns)})`.execute(db);
}

/**
 * SQLite: when the filters leave at most this many rows, the words are checked in those rows
 * (read from the candidate index) instead of through the full-text index. FTS5 reads every
 * posting of every term it ANDs, about as dear per posting as this check is per row, and a
 * filter's or a prefix's postings run to thousands.
 */
const candidateLimit = 2_000;

/**
 * Rows whose column holds every word of `text`, each also as the start of a longer word
 * (search as you type: 'iph' finds 'iPhone'), and whose tag columns hold one of the values
 * each filter lists; null when there are neither words nor filters, no row when the text has
 * no letter or digit. Words are letters, marks
 * and digits only, so they never carry query syntax. SQLite counts the filters' rows first (up
 * to candidateLimit) when its candidate index holds them, to pick the cheaper of its two ways;
 * PostgreSQL's planner picks its own.
 */
export async function matchFullText<Tag extends string>(
  db: QueryExecutorProvider,
  dialect: DialectName,
  { table, key, column, tags, candidates }: FullTextIndex<Tag>,
  text: string,
  filters: Partial<Record<Tag, readonly string[]>>,
): Promise<Expression<SqlBool> | null> {
  const words = searchedWords(text);
  // Typed, but without a letter or digit: nothing is found, whatever the filters.
  if (words === null) return sql<SqlBool>`1 = 0`;
  const given = (Object.entries(filters) as [Tag, readonly string[] | undefined][]).flatMap(
    ([tag, values]) => (values === undefined || values.length === 0 ? [] : [{ tag, values }]),
  );
  if (words.length === 0 && given.length === 0) return null;
  const all = (conditions: readonly Expression<SqlBool>[]) =>
    sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
  const inList = ({ tag, values }: { tag: Tag; values: readonly string[] }) =>
    sql<SqlBool>`${sql.ref(`${table}.${tag}`)} IN (${sql.join(values)})`;
  // Both databases answer filters alone from the tag columns' B-tree indexes.
  const tagged = given.map(inList);
  if (words.length === 0) return all(tagged);
  if (dialect === 'postgres') {
    // A tsquery literal takes the words as they are (to_tsquery would split them again).
    const query = words.map((word) => `'${word}':*`).join(' & ');
    return all([
      ...tagged,
      sql<SqlBool>`${sql.ref(`${table}.search_vector`)} @@ ${query}::tsquery`,
    ]);
  }
  const source = sql.id(table);
  const keyColumn = sql.id(key);
  const covered =
    candidates !== undefined &&
    given.some(({ tag }) => tag === candidates.sorted[0]) &&
    given.every(({ tag }) => candidates.sorted.includes(tag) || candidates.held.includes(tag));
  if (covered) {
    const { rows } = await sql<{ found: number }>`SELECT count(*) AS found
      FROM (SELECT 1 FROM ${source} WHERE ${all(tagged)} LIMIT ${candidateLimit + 1})`.execute(db);
    if ((rows[0]?.found ?? 0) <= candidateLimit) {
      // The column holds whole words one space apart (searchableText), the index's very
      // tokens: a word starts the column or follows a space. A subquery, so that the planner
      // reads the candidate index rather than walking a filter's index in key order.
      const spaced = sql`' ' || ${sql.id(column)}`;
      const hasWords = words.map((word) => sql<SqlBool>`instr(${spaced}, ${` ${word}`}) > 0`);
      return sql<SqlBool>`${sql.ref(`${table}.${key}`)} IN (SELECT ${keyColumn} FROM ${source}
        WHERE ${all([...tagged, ...hasWords])})`;
    }
  }
  // Filters the index holds narrow its search; the others are checked in the rows it finds.
  const parts = given.flatMap(({ tag, values }) =>
    tags.includes(tag)
      ? [
          `tags : (${values.map((value) => `"${tagWord(tag, value).replace(/"/g, '')}"`).join(' OR ')})`,
        ]
      : [],
  );
  parts.push(`body : (${words.map((word) => `"${word}"*`).join(' ')})`);
  const index = sql.id(`${table}_search`);
  const outside = given.filter(({ tag }) => !tags.includes(tag)).map(inList);
  return all([
    ...outside,
    sql<SqlBool>`${sql.ref(`${table}.${key}`)} IN (
    SELECT item FROM ${sql.id(`${table}_search_keys`)} WHERE rowid IN (
      SELECT rowid FROM ${index} WHERE ${index} MATCH ${parts.join(' AND ')}))`,
  ]);
}
