import { type Kysely, sql } from 'kysely';
import { createChangeLog } from '../change-counters.js';

// The view and click totals the product list answers move into each server's memory too,
// following every change to item_totals through a change log of their own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO change_counters (name, version) VALUES ('totals', 0)`.execute(db);
  await createChangeLog(db, 'totals', { table: 'item_totals', key: 'item_id' }, []);
}
