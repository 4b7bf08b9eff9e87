import { type Kysely, sql } from 'kysely';
import { dialectOf, pausedTriggers } from '../dialect.js';

// SQLite: the bulk import indexes and logs its products in one statement each instead of row
// by row (dialect.ts insertWithTriggersPaused): the products' insert triggers of the full-text
// index (0004) and the catalogue's change log (0010) skip their work while a transaction holds
// a row in row_triggers_paused. Other transactions never see that row: it is deleted before
// the transaction ends. PostgreSQL has statement triggers and a generated search column.
const pausable = ['products_search_insert', 'products_catalogue_insert'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`CREATE TABLE ${sql.id(pausedTriggers)} (paused integer NOT NULL)`.execute(db);
  for (const name of pausable) {
    const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master
      WHERE type = 'trigger' AND name = ${name}`.execute(db);
    const created = rows[0]?.sql ?? '';
    // The trigger as it was made, with a condition before its body.
    const paused = created.replace(
      /\sBEGIN\s/,
      ` WHEN NOT EXISTS (SELECT 1 FROM ${pausedTriggers}) BEGIN `,
    );
    if (paused === created) throw new Error(`no trigger ${name} to pause`);
    await sql`DROP TRIGGER ${sql.id(name)}`.execute(db);
    await sql.raw(paused).execute(db);
  }
}
