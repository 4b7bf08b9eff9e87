import type { Admin, ProfileUpdate } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { auditTrail } from '../audit/service.js';
import { profileRepository } from './repository.js';

const adminGone = 'Admin not found';

/** What an update can change, as its audit entry keeps it. */
const editable = ({ a_name, a_state, a_city, a_address, a_phone }: Admin): ProfileUpdate => ({
  a_name,
  a_state,
  a_city,
  a_address,
  a_phone,
});

export function profileService(context: AppContext) {
  const { db, clock } = context;
  const repo = profileRepository(db);
  const audit = auditTrail(context);
  const found = (admin: Admin | undefined): Admin => {
    // Only when the admin was deleted while signed in.
    if (admin === undefined) throw new HttpError(404, adminGone);
    return admin;
  };
  return {
    adminData: async (adminId: string) => found(await repo.findAdmin(adminId)),
    /** The email is not part of the update: it cannot change. */
    updateProfile: (adminId: string, update: ProfileUpdate) =>
      db.transaction().execute(async (trx) => {
        const stored = profileRepository(trx);
        const before = found(await stored.findAdmin(adminId));
        const after = found(await stored.updateAdmin(adminId, update, clock().toISOString()));
        await audit.record(trx, {
          action: 'update',
          kind: 'profile',
          itemId: adminId,
          label: after.a_id,
          before: editable(before),
          after: editable(after),
        });
        return after;
      }),
  };
}
