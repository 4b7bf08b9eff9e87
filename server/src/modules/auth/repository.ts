// Storage of admins and bearer tokens. Portable kysely only (see adapters/storage/dialect.ts).
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AdminsTable, AuthTokensTable, TokenKind } from './tables.js';

export type AdminRow = Selectable<AdminsTable>;
export type TokenRow = Selectable<AuthTokensTable>;

/** Kinds that belong to signing in and resetting; all of them end when the password changes. */
const sessionKinds: TokenKind[] = ['login-code', 'reset-code', 'reset-password', 'session'];

export function authRepository(db: Kysely<Database>) {
  return {
    countAdmins: async () => {
      const { count } = await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    insertAdmin: (admin: AdminRow) => db.insertInto('admins').values(admin).execute(),

    findAdminByLoginId: (loginId: string) =>
      db.selectFrom('admins').selectAll().where('a_id', '=', loginId).executeTakeFirst(),

    findAdminByEmail: (email: string) =>
      db.selectFrom('admins').selectAll().where('a_email', '=', email).executeTakeFirst(),

    insertToken: (token: TokenRow) => db.insertInto('auth_tokens').values(token).execute(),

    findTokenByHash: (hash: string) =>
      db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst(),

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
    spendToken: async (id: string, kind: TokenKind) => {
      const result = await db
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

    /** A new password, and every session and pending sign-in or reset of that admin ends. */
    replacePassword: (adminId: string, passwordHash: string, now: string) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('admins')
          .set({ password_hash: passwordHash, updated_at: now })
          .where('id', '=', adminId)
          .execute();
        await trx
          .deleteFrom('auth_tokens')
          .where('admin_id', '=', adminId)
          .where('kind', 'in', sessionKinds)
          .execute();
      }),

    listApiTokens: (adminId: string) =>
      db
        .selectFrom('auth_tokens')
        .selectAll()
        .where('admin_id', '=', adminId)
        .where('kind', '=', 'api')
        .orderBy('id')
        .execute(),

    deleteApiToken: async (adminId: string, id: string) => {
      const result = await db
        .deleteFrom('auth_tokens')
        .where('id', '=', id)
        .where('admin_id', '=', adminId)
        .where('kind', '=', 'api')
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
