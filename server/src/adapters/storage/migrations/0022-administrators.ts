import type { Kysely } from 'kysely';

// Several administrators (modules/auth/administrators.ts): a status (a disabled admin's
// sessions and tokens stop; the access guard reads it with the token), who invited whom, the
// invitations (only hashes of the link's token and the mailed code), and where each session
// was started from (the sessions list).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('active'))
    .execute();
  await db.schema.alterTable('admins').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('admins').addColumn('invited_by', 'varchar(24)').execute();
  await db.schema.alterTable('auth_tokens').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('auth_tokens').addColumn('address', 'varchar(64)').execute();

  await db.schema
    .createTable('admin_invitations')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('code_tries', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('invited_by', 'varchar(24)')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // The list shows the pending ones; an invitation replaces the earlier one of its email.
  await db.schema
    .createIndex('admin_invitations_pending')
    .on('admin_invitations')
    .columns(['used_at', 'id'])
    .execute();
  await db.schema
    .createIndex('admin_invitations_email')
    .on('admin_invitations')
    .column('email')
    .execute();
}
