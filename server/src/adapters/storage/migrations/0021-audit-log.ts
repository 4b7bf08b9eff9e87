import type { Kysely } from 'kysely';

// The audit log (modules/audit): one row per write through the API, written in the write's own
// transaction. Who and where are kept in words as they were (admins and tokens change or go);
// before/after are JSON text. Every filter of the list has an index ending in `at`, the order
// the list and the export read in; `at` alone serves the unfiltered list and the pruning.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addColumn('admin_id', 'varchar(24)')
    .addColumn('token_id', 'varchar(24)')
    .addColumn('token_name', 'text')
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('client', 'varchar(16)', (col) => col.notNull())
    .addColumn('address', 'varchar(64)', (col) => col.notNull())
    .addColumn('action', 'varchar(32)', (col) => col.notNull())
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    .addColumn('item_id', 'varchar(64)')
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  const indexes: [string, string[]][] = [
    ['audit_log_at', ['at', 'id']],
    ['audit_log_admin_at', ['admin_id', 'at', 'id']],
    ['audit_log_kind_at', ['kind', 'at', 'id']],
    ['audit_log_action_at', ['action', 'at', 'id']],
    ['audit_log_item_at', ['kind', 'item_id', 'at', 'id']],
  ];
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).on('audit_log').columns(columns).execute();
}
