import { type Kysely, sql } from 'kysely';
import { dialectOf, makeTriggersPausable, pausedTriggers } from '../dialect.js';

// SQLite: the bulk import indexes and logs its products in one statement each instead of row
// by row (dialect.ts insertWithTriggersPaused): the products' insert triggers of the full-text
// index (0004) and the catalogue's change log (0010) skip their work while a transaction holds
// a row in row_triggers_paused. Other transactions never see that row: it is deleted before
// the transaction ends. PostgreSQL has statement triggers and a generated search column.
const pausable = ['products_search_insert', 'products_catalogue_insert'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`CREATE TABLE ${sql.id(pausedTriggers)} (paused integer NOT NULL)`.execute(db);
  await makeTriggersPausable(db, pausable);
}
