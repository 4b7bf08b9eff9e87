// Storage of the authenticator app's sealed keys and the recovery codes. Portable kysely only.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AdminAuthenticatorsTable } from './second-factor-tables.js';

export type AuthenticatorRow = Selectable<AdminAuthenticatorsTable>;

export function secondFactorRepository(db: Kysely<Database>) {
  return {
    findAdmin: (adminId: string) =>
      db
        .selectFrom('admins')
        .select(['id', 'a_id', 'a_email'])
        .where('id', '=', adminId)
        .executeTakeFirst(),

    find: (adminId: string) =>
      db
        .selectFrom('admin_authenticators')
        .selectAll()
        .where('admin_id', '=', adminId)
        .executeTakeFirst(),

    /** Whether sign-in asks this admin for the app's code (step 1 needs nothing more). */
    isOn: async (adminId: string) =>
      (await db
        .selectFrom('admin_authenticators')
        .select('admin_id')
        .where('admin_id', '=', adminId)
        .where('secret', 'is not', null)
        .executeTakeFirst()) !== undefined,

    /** A new pending key replaces an earlier one; a key in use stays until it is confirmed. */
    putPending: (adminId: string, sealed: string, now: string) =>
      db
        .insertInto('admin_authenticators')
        .values({
          admin_id: adminId,
          secret: null,
          pending_secret: sealed,
          enabled_at: null,
          last_step: null,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict.column('admin_id').doUpdateSet({ pending_secret: sealed, updated_at: now }),
        )
        .execute(),

    /**
     * Records `step` as used, only if it is later than the last one used: of two requests with
     * the same code, one wins, and a code never works twice.
     */
    useStep: async (trx: Kysely<Database>, adminId: string, step: number) => {
      const result = await trx
        .updateTable('admin_authenticators')
        .set({ last_step: step })
        .where('admin_id', '=', adminId)
        .where('secret', 'is not', null)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The pending key becomes the one in use, `step` (the confirming code's) used. */
    enable: async (
      trx: Kysely<Database>,
      adminId: string,
      sealed: string,
      step: number,
      now: string,
    ) => {
      const result = await trx
        .updateTable('admin_authenticators')
        .set({
          secret: sealed,
          pending_secret: null,
          enabled_at: now,
          last_step: step,
          updated_at: now,
        })
        .where('admin_id', '=', adminId)
        .where('pending_secret', '=', sealed)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    remove: async (trx: Kysely<Database>, adminId: string) => {
      await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
      await trx.deleteFrom('admin_authenticators').where('admin_id', '=', adminId).execute();
    },

    replaceRecoveryCodes: async (
      trx: Kysely<Database>,
      adminId: string,
      rows: { id: string; code_hash: string }[],
      now: string,
    ) => {
      await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
      await trx
        .insertInto('admin_recovery_codes')
        .values(rows.map((row) => ({ ...row, admin_id: adminId, used_at: null, created_at: now })))
        .execute();
    },

    /** Spends an unused recovery code kept as one of `hashes`; true when this call spent it. */
    useRecoveryCode: async (
      trx: Kysely<Database>,
      adminId: string,
      hashes: string[],
      now: string,
    ) => {
      const result = await trx
        .updateTable('admin_recovery_codes')
        .set({ used_at: now })
        .where('admin_id', '=', adminId)
        .where('code_hash', 'in', hashes)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    recoveryCodesLeft: async (adminId: string) => {
      const { count } = await db
        .selectFrom('admin_recovery_codes')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('admin_id', '=', adminId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}
