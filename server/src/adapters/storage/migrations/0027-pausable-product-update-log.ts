import type { Kysely } from 'kysely';
import { dialectOf, makeTriggersPausable } from '../dialect.js';

// SQLite: an event update of 10,000 products raised the catalogue's counter and logged a change
// row by row (0010's update trigger: 20,000 statements); it now pauses that trigger as the bulk
// import pauses its insert triggers (0019), and logs the products under one raise
// (change-counters.ts logRows). PostgreSQL logs a statement's rows at once already.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await makeTriggersPausable(db, ['products_catalogue_update']);
}
