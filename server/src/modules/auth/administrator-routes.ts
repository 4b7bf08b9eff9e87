import { endpoints } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { publicBaseOf } from '../../http/public-url.js';
import type { ApiRouter, AttemptLimit } from '../../http/route.js';
import { administrators } from './administrators.js';
import { adminRoles } from './roles.js';
import { adminSessions } from './sessions.js';

/**
 * Several administrators and the caller's sessions (issue 21). `perAddress`: the sign-in steps'
 * limit per address, which the public invitation answer shares.
 */
export function administratorRoutes(
  api: ApiRouter,
  context: AppContext,
  perAddress: AttemptLimit<unknown>,
): void {
  const admins = administrators(context);
  const sessions = adminSessions(context);
  const roles = adminRoles(context);

  api.implement(endpoints.admin.listAdministrators, {
    handler: async ({ caller }) => admins.list(caller),
  });

  api.implement(endpoints.admin.inviteAdministrator, {
    handler: async ({ body, caller, request }) => ({
      data: await admins.invite(
        caller,
        { email: body.a_email, role: body.role },
        publicBaseOf(context.config, request),
      ),
    }),
  });

  api.implement(endpoints.admin.cancelInvitation, {
    handler: async ({ params }) => {
      await admins.cancelInvitation(params.id);
      return {};
    },
  });

  api.implement(endpoints.admin.acceptInvitation, {
    limits: [perAddress],
    handler: async ({ body }) => admins.accept(body),
  });

  api.implement(endpoints.admin.disableAdministrator, {
    handler: async ({ params, caller }) => ({ data: await admins.disable(caller, params.id) }),
  });

  api.implement(endpoints.admin.enableAdministrator, {
    handler: async ({ params, caller }) => ({ data: await admins.enable(caller, params.id) }),
  });

  api.implement(endpoints.admin.changeAdministratorRole, {
    handler: async ({ params, body, caller }) => ({
      data: await roles.change(caller, params.id, body.role),
    }),
  });

  api.implement(endpoints.admin.listSessions, {
    handler: async ({ caller }) => ({ data: await sessions.list(caller) }),
  });

  api.implement(endpoints.admin.revokeSession, {
    handler: async ({ params, caller }) => {
      await sessions.revoke(caller, params.id);
      return {};
    },
  });

  api.implement(endpoints.admin.revokeOtherSessions, {
    handler: async ({ caller }) => ({ ended: await sessions.revokeOthers(caller) }),
  });
}
