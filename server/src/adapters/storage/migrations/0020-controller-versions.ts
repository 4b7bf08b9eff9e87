import type { Kysely } from 'kysely';

// Every controller change makes a numbered version (modules/controller/versions.ts): the whole
// state after it as JSON, who made it, and what it changed; the newest 300 are kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('controller_versions')
    .addColumn('version', 'integer', (col) => col.primaryKey())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('rollback_of', 'integer')
    .addColumn('admin_id', 'varchar(24)')
    .addColumn('token_id', 'varchar(24)')
    .addColumn('by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}
