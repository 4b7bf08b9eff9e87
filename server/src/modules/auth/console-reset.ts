// The way back in when the only administrator is locked out and has lost their mailbox (or
// their authenticator app and its recovery codes): the server machine's `npm run admin --
// reset-password | reset-authenticator <admin id>` (operations/admin-command.ts) changes the
// database straight, with its audit entry (client 'console').
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AppContext } from '../../context.js';
import { consoleActor, withActor } from '../../http/actor.js';
import { auditTrail } from '../audit/service.js';
import { hashPassword } from './credentials.js';
import { authRepository } from './repository.js';
import { secondFactorRepository } from './second-factor-repository.js';
import { removeAuthenticator } from './second-factor.js';

export interface ConsoleReset {
  /** The admin's internal id. */
  id: string;
  /** It was disabled, and is active again. */
  reEnabled: boolean;
  /** Sessions ended (every one: the password they signed in with is gone). */
  endedSessions: number;
  /** API tokens, which keep working: revoke them on the security screen if need be. */
  apiTokens: number;
}

export class UnknownAdminError extends Error {
  constructor(
    readonly loginId: string,
    readonly known: string[],
  ) {
    super(`No administrator has the admin ID "${loginId}"`);
  }
}

const countTokens = async (db: Kysely<Database>, adminId: string, kind: 'session' | 'api') =>
  Number(
    (
      await db
        .selectFrom('auth_tokens')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('admin_id', '=', adminId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow()
    ).count,
  );

/**
 * Sets `password` for the admin whose admin ID is `loginId`, ends their sessions and re-enables
 * them, in one transaction with the audit entry. Only the database is used: no mail is sent.
 */
type ConsoleContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** The admin whose admin ID is `loginId`; unknown, the error lists the existing ones. */
async function adminByLoginId(db: Kysely<Database>, loginId: string) {
  const admin = await db
    .selectFrom('admins')
    .select(['id', 'a_email', 'status'])
    .where('a_id', '=', loginId)
    .executeTakeFirst();
  if (admin !== undefined) return admin;
  const known = await db.selectFrom('admins').select('a_id').orderBy('a_id').execute();
  throw new UnknownAdminError(
    loginId,
    known.map((row) => row.a_id),
  );
}

// The audit trail reads only the database, the clock and the configuration of the context.
const consoleAudit = (context: ConsoleContext) => auditTrail(context as AppContext);

export async function resetPasswordFromConsole(
  context: ConsoleContext,
  loginId: string,
  password: string,
): Promise<ConsoleReset> {
  const { db, clock, config } = context;
  const admin = await adminByLoginId(db, loginId);
  const passwordHash = await hashPassword(password, config.auth.passwordCost);
  const audit = consoleAudit(context);
  return withActor(consoleActor(admin.id), () =>
    db.transaction().execute(async (trx) => {
      const now = clock().toISOString();
      const endedSessions = await countTokens(trx, admin.id, 'session');
      await authRepository(trx).replacePassword(admin.id, passwordHash, now);
      const reEnabled = admin.status === 'disabled';
      if (reEnabled)
        await trx
          .updateTable('admins')
          .set({ status: 'active', disabled_at: null })
          .where('id', '=', admin.id)
          .execute();
      await audit.record(trx, {
        action: 'password-reset',
        kind: 'admin',
        itemId: admin.id,
        label: loginId,
        ...(reEnabled ? { before: { status: 'disabled' }, after: { status: 'active' } } : {}),
      });
      return {
        id: admin.id,
        reEnabled,
        endedSessions,
        apiTokens: await countTokens(trx, admin.id, 'api'),
      };
    }),
  );
}

export interface ConsoleAuthenticatorReset {
  /** The app was on (and is now off); false: nothing changed and nothing was recorded. */
  wasOn: boolean;
  /** Unused recovery codes removed with it. */
  recoveryCodes: number;
  /** Where sign-in codes are mailed from now on. */
  email: string;
}

/**
 * Turns the authenticator app off for the admin whose admin ID is `loginId` (lost phone and
 * recovery codes), as turning it off on the security screen does, in one transaction; sign-in
 * mails its code again. Sessions and the password stay; no mail. An app not on: no change.
 */
export async function resetAuthenticatorFromConsole(
  context: ConsoleContext,
  loginId: string,
): Promise<ConsoleAuthenticatorReset> {
  const { db } = context;
  const admin = await adminByLoginId(db, loginId);
  const email = admin.a_email;
  const audit = consoleAudit(context);
  return withActor(consoleActor(admin.id), () =>
    db.transaction().execute(async (trx) => {
      const repo = secondFactorRepository(trx);
      if (!(await repo.isOn(admin.id))) return { wasOn: false, recoveryCodes: 0, email };
      const recoveryCodes = await repo.recoveryCodesLeft(admin.id);
      await removeAuthenticator(trx, audit, { id: admin.id, a_id: loginId });
      return { wasOn: true, recoveryCodes, email };
    }),
  );
}
