import { endpoints } from '@dealdesk/core';
import type { AuthSettings } from '../../config.js';
import { clientAddress } from '../../http/client-address.js';
import type { ApiRouter } from '../../http/route.js';
import { originOf } from './devices.js';
import type { SecondFactorService } from './second-factor.js';

/** The signed-in admin's authenticator app: status, set-up, turning off, recovery codes. */
export function authenticatorRoutes(
  api: ApiRouter,
  authenticator: SecondFactorService,
  limits: AuthSettings,
): void {
  // The calls that check a code are limited per address, as the sign-in steps: a stolen
  // session cannot try its way through the million codes to turn the app off.
  const codeTries = [
    api.limiter('authenticator-code', limits.loginPerAddress, (_input, request) =>
      clientAddress(request),
    ),
  ];

  api.implement(endpoints.admin.authenticatorStatus, {
    handler: async ({ caller }) => ({ data: await authenticator.status(caller.adminId) }),
  });

  api.implement(endpoints.admin.authenticatorSetup, {
    handler: async ({ caller }) => authenticator.startSetup(caller.adminId),
  });

  api.implement(endpoints.admin.authenticatorConfirm, {
    limits: codeTries,
    handler: async ({ body, caller, request }) =>
      authenticator.confirm(caller.adminId, body.code, originOf(request)),
  });

  api.implement(endpoints.admin.authenticatorOff, {
    limits: codeTries,
    handler: async ({ body, caller, request }) =>
      authenticator.turnOff(caller.adminId, body.code, originOf(request)),
  });

  api.implement(endpoints.admin.authenticatorRecoveryCodes, {
    limits: codeTries,
    handler: async ({ body, caller, request }) =>
      authenticator.newRecoveryCodes(caller.adminId, body.code, originOf(request)),
  });
}
