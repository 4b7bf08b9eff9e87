// The caller's own signed-in sessions: where each was started, when last used, and ending one
// or all the others (a lost laptop, a shared computer).
import type { AdminSession } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { AdminCaller } from '../../http/route.js';
import { auditTrail } from '../audit/service.js';
import { describeDevice } from './devices.js';

const sessionMessages = { notFound: 'Session not found' } as const;

export function adminSessions(context: AppContext) {
  const { db, clock } = context;
  const audit = auditTrail(context);

  const ofCaller = (caller: AdminCaller) =>
    db
      .selectFrom('auth_tokens')
      .where('admin_id', '=', caller.adminId)
      .where('kind', '=', 'session');

  return {
    /** Newest first; expired ones are left out (the guard removes them when used). */
    async list(caller: AdminCaller): Promise<AdminSession[]> {
      const now = clock().toISOString();
      const rows = await ofCaller(caller)
        .select(['id', 'user_agent', 'address', 'created_at', 'last_used_at', 'expires_at'])
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        device: describeDevice(row.user_agent),
        address: row.address ?? '',
        startedAt: row.created_at,
        lastUsedAt: row.last_used_at,
        expiresAt: row.expires_at,
        current: row.id === caller.tokenId,
      }));
    },

    async revoke(caller: AdminCaller, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('auth_tokens')
          .select(['id', 'user_agent', 'address'])
          .where('id', '=', id)
          .where('admin_id', '=', caller.adminId)
          .where('kind', '=', 'session')
          .executeTakeFirst();
        if (row === undefined) throw new HttpError(404, sessionMessages.notFound);
        // Recorded first: ending the caller's own session, the caller is still signed in when
        // the entry checks it (audit/service.ts).
        await audit.record(trx, {
          action: 'revoke',
          kind: 'session',
          itemId: id,
          label: describeDevice(row.user_agent),
          before: { device: describeDevice(row.user_agent), address: row.address ?? '' },
        });
        await trx.deleteFrom('auth_tokens').where('id', '=', id).execute();
      });
    },

    /** Ends every session of the caller but the one making this call. */
    async revokeOthers(caller: AdminCaller): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('auth_tokens')
          .where('admin_id', '=', caller.adminId)
          .where('kind', '=', 'session')
          .where('id', '<>', caller.tokenId)
          .executeTakeFirst();
        const ended = Number(result.numDeletedRows);
        await audit.record(trx, {
          action: 'revoke',
          kind: 'session',
          itemId: null,
          label: `${ended} other sessions`,
          after: { ended },
        });
        return ended;
      });
    },
  };
}
