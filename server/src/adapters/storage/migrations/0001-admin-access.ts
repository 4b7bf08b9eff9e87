import type { Kysely } from 'kysely';

// Migrations never use the current schema types: those move on after the migration is written.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admins')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('a_id', 'text', (col) => col.notNull().unique())
    .addColumn('a_email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('a_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('a_state', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('a_city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('a_address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('a_phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // Every bearer token: sessions, API tokens and the temporary tokens of sign-in and reset
  // (which carry their pending one-time code). Only hashes are stored.
  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('admin_id', 'varchar(24)', (col) => col.references('admins.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('code_hash', 'text')
    .addColumn('code_tries', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('auth_tokens_admin')
    .on('auth_tokens')
    .columns(['admin_id', 'kind'])
    .execute();
}
