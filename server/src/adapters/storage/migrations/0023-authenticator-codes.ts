import type { Kysely } from 'kysely';

// The authenticator app as the second sign-in step (modules/auth/second-factor.ts): each admin's
// sealed key (pending until a code confirms it), when it was turned on and the last step used,
// and the single-use recovery codes (HMACs only).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_authenticators')
    .addColumn('admin_id', 'varchar(24)', (col) =>
      col.primaryKey().references('admins.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('admin_id', 'varchar(24)', (col) =>
      col.notNull().references('admins.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // Sign-in looks a code up by its admin and hash; the status counts an admin's unused ones.
  await db.schema
    .createIndex('admin_recovery_codes_admin_hash')
    .on('admin_recovery_codes')
    .columns(['admin_id', 'code_hash'])
    .unique()
    .execute();
}
