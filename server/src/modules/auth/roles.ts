// Roles (issue 39): an owner changes an administrator's role, audited with before and after. One
// enabled owner always remains, also when two owners demote or disable each other at once.
import type { AdminRole, Administrator } from '@dealdesk/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { AdminCaller } from '../../http/route.js';
import { auditTrail } from '../audit/service.js';
import { administratorMessages, findAdmin } from './administrators.js';

/**
 * Refuses (409) taking `id` away from the enabled owners when they are the last enabled one. On
 * PostgreSQL (read committed) two owners demoting each other would each count two: the enabled
 * owners' rows are locked first, in id order, so the second waits for the first to commit and
 * then counts what it left. SQLite runs one write transaction at a time.
 */
export async function keepAnOwner(
  context: AppContext,
  trx: Kysely<Database>,
  id: string,
  message: string,
): Promise<void> {
  const owners = await trx
    .selectFrom('admins')
    .select('id')
    .where('status', '=', 'active')
    .where('role', '=', 'owner')
    .orderBy('id')
    .$if(context.dialect === 'postgres', (query) => query.forUpdate())
    .execute();
  if (owners.length <= 1 && owners.some((owner) => owner.id === id)) {
    context.metrics.adminRefused('last-owner');
    throw new HttpError(409, message);
  }
}

export function adminRoles(context: AppContext) {
  const audit = auditTrail(context);
  return {
    /** Takes effect on the next request of each of their sessions and tokens (tokens.ts). */
    async change(caller: AdminCaller, id: string, role: AdminRole): Promise<Administrator> {
      return context.db.transaction().execute(async (trx) => {
        if (role !== 'owner')
          await keepAnOwner(context, trx, id, administratorMessages.lastOwnerDemoted);
        const before = await findAdmin(trx, id, caller.adminId);
        if (before.role === role) throw new HttpError(409, administratorMessages.sameRole);
        // Recorded first: the entry checks the caller's own role as it was (an owner may step
        // down while another owner remains).
        await audit.record(trx, {
          action: 'update',
          kind: 'admin',
          itemId: id,
          label: before.a_id,
          before: { role: before.role },
          after: { role },
        });
        await trx
          .updateTable('admins')
          .set({ role, updated_at: context.clock().toISOString() })
          .where('id', '=', id)
          .execute();
        return findAdmin(trx, id, caller.adminId);
      });
    },
  };
}
