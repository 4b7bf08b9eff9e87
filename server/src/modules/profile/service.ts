import type { Admin, ProfileUpdate } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { profileRepository } from './repository.js';

const adminGone = 'Admin not found';

export function profileService({ db, clock }: AppContext) {
  const repo = profileRepository(db);
  const found = (admin: Admin | undefined): Admin => {
    // Only when the admin was deleted while signed in.
    if (admin === undefined) throw new HttpError(404, adminGone);
    return admin;
  };
  return {
    adminData: async (adminId: string) => found(await repo.findAdmin(adminId)),
    /** The email is not part of the update: it cannot change. */
    updateProfile: async (adminId: string, update: ProfileUpdate) =>
      found(await repo.updateAdmin(adminId, update, clock().toISOString())),
  };
}
