// Storage of admins and bearer tokens. Portable kysely only (see adapters/storage/dialect.ts).
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AdminsTable, AuthTokensTable, TokenKind } from './tables.js';

export type TokenRow = Selectable<AuthTokensTable>;

/** Kinds that belong to signing in and resetting; all of them end when the password changes. */
const sessionKinds: TokenKind[] = ['login-code', 'reset-code', 'reset-password', 'session'];

/** API tokens with their administrator (`owner_id`, the ID and email). */
const ownedApiTokens = (db: Kysely<Database>) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('admins', 'admins.id', 'auth_tokens.admin_id')
    .selectAll('auth_tokens')
    .select(['admins.id as owner_id', 'admins.a_id', 'admins.a_email'])
    .where('auth_tokens.kind', '=', 'api');

export function authRepository(db: Kysely<Database>) {
  return {
    countAdmins: async () => {
      const { count } = await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    insertAdmin: (admin: Insertable<AdminsTable>) =>
      db.insertInto('admins').values(admin).execute(),

    /** Active admins only: a disabled one cannot sign in, and a reset mails them nothing. */
    findAdminByLoginId: (loginId: string) =>
      db
        .selectFrom('admins')
        .selectAll()
        .where('a_id', '=', loginId)
        .where('status', '=', 'active')
        .executeTakeFirst(),

    /** Active admins only, as findAdminByLoginId. */
    findAdminByEmail: (email: string) =>
      db
        .selectFrom('admins')
        .selectAll()
        .where('a_email', '=', email)
        .where('status', '=', 'active')
        .executeTakeFirst(),

    /** `executor`: the transaction of the change the token belongs to, when there is one. */
    insertToken: (token: TokenRow, executor: Kysely<Database> = db) =>
      executor.insertInto('auth_tokens').values(token).execute(),

    /**
     * The token with its admin's status and role, which the access guard checks on every call:
     * a disable or a role change counts from the next request of every session and token.
     */
    findTokenByHash: (hash: string) =>
      db
        .selectFrom('auth_tokens')
        .leftJoin('admins', 'admins.id', 'auth_tokens.admin_id')
        .selectAll('auth_tokens')
        .select(['admins.status as admin_status', 'admins.role as admin_role'])
        .where('auth_tokens.token_hash', '=', hash)
        .executeTakeFirst(),

    findToken: (id: string) =>
      db.selectFrom('auth_tokens').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Counts one wrong code atomically and answers the tries so far (null: token gone). */
    countWrongCode: async (id: string) => {
      const row = await db
        .updateTable('auth_tokens')
        .set((eb) => ({ code_tries: eb('code_tries', '+', 1) }))
        .where('id', '=', id)
        .returning('code_tries')
        .executeTakeFirst();
      return row?.code_tries ?? null;
    },

    /**
     * Moves a token from one kind to the next, only if it still has the expected kind: of two
     * requests racing with the same code, one wins.
     */
    advanceToken: async (id: string, from: TokenKind, to: Partial<TokenRow>) => {
      const result = await db
        .updateTable('auth_tokens')
        .set(to)
        .where('id', '=', id)
        .where('kind', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes a token if it still has the expected kind; true when this call deleted it. */
    spendToken: async (id: string, kind: TokenKind, executor: Kysely<Database> = db) => {
      const result = await executor
        .deleteFrom('auth_tokens')
        .where('id', '=', id)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    deleteToken: (id: string) => db.deleteFrom('auth_tokens').where('id', '=', id).execute(),

    deleteExpiredTokens: (now: string) =>
      db.deleteFrom('auth_tokens').where('expires_at', '<=', now).execute(),

    touchToken: (id: string, now: string) =>
      db.updateTable('auth_tokens').set({ last_used_at: now }).where('id', '=', id).execute(),

    /**
     * A new password, and every session and pending sign-in or reset of that admin ends. Call
     * it on a transaction's repository (with the change's audit entry).
     */
    replacePassword: async (adminId: string, passwordHash: string, now: string) => {
      await db
        .updateTable('admins')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', adminId)
        .execute();
      await db
        .deleteFrom('auth_tokens')
        .where('admin_id', '=', adminId)
        .where('kind', 'in', sessionKinds)
        .execute();
    },

    listApiTokens: (adminId: string) =>
      db
        .selectFrom('auth_tokens')
        .selectAll()
        .where('admin_id', '=', adminId)
        .where('kind', '=', 'api')
        .orderBy('id')
        .execute(),

    /** Every administrator's API tokens, each with whose it is (an owner's list). */
    listAllApiTokens: () => ownedApiTokens(db).orderBy('auth_tokens.id').execute(),

    /** One API token with whose it is; `adminId` limits it to that administrator's own. */
    findApiToken: (id: string, adminId?: string) => {
      const query = ownedApiTokens(db).where('auth_tokens.id', '=', id);
      return (
        adminId === undefined ? query : query.where('auth_tokens.admin_id', '=', adminId)
      ).executeTakeFirst();
    },

    deleteApiToken: (adminId: string, id: string) =>
      db
        .deleteFrom('auth_tokens')
        .where('id', '=', id)
        .where('admin_id', '=', adminId)
        .where('kind', '=', 'api')
        .execute(),
  };
}
