import { profileUpdateSchema } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { profileService } from './service.js';

/** The admin's own profile (spec part 1, sections 2 and 7). */
export const profileModule: Module = (api, context) => {
  const profile = profileService(context);

  api.get('/api/admin/AdminData', {
    access: 'admin',
    handler: async ({ caller }) => ({
      status: true,
      message: 'Admin data',
      data: await profile.adminData(caller.adminId),
    }),
  });

  api.put('/api/admin/Profile/Update', {
    access: 'admin',
    body: profileUpdateSchema,
    handler: async ({ body, caller }) => ({
      status: true,
      message: 'Profile updated successfully',
      data: await profile.updateProfile(caller.adminId, body),
    }),
  });
};
