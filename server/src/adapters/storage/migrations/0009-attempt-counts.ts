import type { Kysely } from 'kysely';

// The attempt limits' counters move from each process's memory into the database, shared by
// every instance (http/attempt-store.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempt_counts')
    .addColumn('key', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('window_ends', 'bigint', (col) => col.notNull())
    .execute();
}
