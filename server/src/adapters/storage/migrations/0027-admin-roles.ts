import type { Kysely } from 'kysely';

// Roles and token scopes (issue 39). Every administrator so far could do everything, so each
// one, and each invitation still waiting, is an owner: an upgrade takes nothing from anyone.
// New invitations name their role (editor unless said); tokens made so far could write.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('role', 'varchar(16)', (col) => col.notNull().defaultTo('owner'))
    .execute();
  await db.schema
    .alterTable('admin_invitations')
    .addColumn('role', 'varchar(16)', (col) => col.notNull().defaultTo('owner'))
    .execute();
  await db.schema
    .alterTable('auth_tokens')
    .addColumn('scope', 'varchar(8)', (col) => col.notNull().defaultTo('write'))
    .execute();
}
