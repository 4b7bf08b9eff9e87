import type { Kysely } from 'kysely';

// Calls that create or send remember each administrator's Idempotency-Key for 24 hours, in the
// database so that a repeat reaching another instance is answered the same (http/idempotency.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('admin_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('key', 'varchar(255)', (col) => col.notNull())
    .addColumn('fingerprint', 'varchar(64)', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('answer', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['admin_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_at')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}
