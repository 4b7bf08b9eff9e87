import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { profileService } from './service.js';

/** The admin's own profile (spec part 1, sections 2 and 7). */
export const profileModule: Module = (api, context) => {
  const profile = profileService(context);

  api.implement(endpoints.admin.adminData, {
    handler: async ({ caller }) => ({ data: await profile.adminData(caller.adminId) }),
  });

  api.implement(endpoints.admin.updateProfile, {
    handler: async ({ body, caller }) => ({
      data: await profile.updateProfile(caller.adminId, body),
    }),
  });
};
