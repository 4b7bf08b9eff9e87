// The audit entries of signing in: each success (written with the session it makes), each
// wrong admin ID or password, with the admin that was tried when there is one, and each wrong
// code at the second step.
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AppContext } from '../../context.js';
import { auditTrail } from '../audit/service.js';
import { describeDevice, type RequestOrigin } from './devices.js';

export function signInAudit(context: AppContext) {
  const { db } = context;
  const audit = auditTrail(context);
  return {
    /** Written on its own: the refusal changes nothing else. A disabled admin is named too. */
    async failed(loginId: string): Promise<void> {
      const tried = await db
        .selectFrom('admins')
        .select('id')
        .where('a_id', '=', loginId)
        .executeTakeFirst();
      await audit.record(db, {
        action: 'sign-in-failed',
        kind: 'admin',
        itemId: tried?.id ?? null,
        label: loginId,
        adminId: tried?.id ?? null,
      });
    },

    /**
     * A wrong code at the second step of sign-in or of a reset (mailed, the app's, or a
     * recovery code), with the tries it has counted; written on its own, as `failed`.
     */
    codeFailed: (
      adminId: string | null,
      step: 'sign-in' | 'reset',
      tries: number | null,
      triesAllowed: number,
    ) =>
      audit.record(db, {
        action: 'code-failed',
        kind: 'admin',
        itemId: adminId,
        label: step === 'sign-in' ? 'sign-in code' : 'password reset code',
        adminId,
        after: { step, tries, spent: tries === null || tries >= triesAllowed },
      }),

    succeeded: (
      trx: Kysely<Database>,
      adminId: string,
      sessionId: string,
      origin: RequestOrigin | undefined,
    ) =>
      audit.record(trx, {
        action: 'sign-in',
        kind: 'session',
        itemId: sessionId,
        label: describeDevice(origin?.userAgent ?? null),
        adminId,
      }),
  };
}
