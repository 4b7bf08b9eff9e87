import { endpoints } from '@dealdesk/core';
import type { AuthSettings } from '../../config.js';
import { currentActor } from '../../http/actor.js';
import { clientAddress } from '../../http/client-address.js';
import type { ApiRouter, AttemptLimit } from '../../http/route.js';
import type { Metrics } from '../../operations/metrics.js';
import { originOf } from './devices.js';
import type { SecondFactorService } from './second-factor.js';

/** The signed-in admin's authenticator app: status, set-up, turning off, recovery codes. */
export function authenticatorRoutes(
  api: ApiRouter,
  authenticator: SecondFactorService,
  limits: AuthSettings,
  metrics: Metrics,
): void {
  // The calls that check a code are limited per address, as the sign-in steps, and per
  // administrator: a stolen session cannot try its way through the million codes to turn the
  // app off, nor from many addresses.
  const perAdmin = api.limiter(
    'authenticator-code-admin',
    limits.authenticatorTriesPerAdmin,
    (_input, request) => currentActor()?.adminId ?? clientAddress(request),
  );
  const codeTries: AttemptLimit<unknown>[] = [
    api.limiter('authenticator-code', limits.loginPerAddress, (_input, request) =>
      clientAddress(request),
    ),
    async (input, request) => {
      try {
        await perAdmin(input, request);
      } catch (error) {
        metrics.adminRefused('code-tries-per-admin');
        throw error;
      }
    },
  ];

  api.implement(endpoints.admin.authenticatorStatus, {
    handler: async ({ caller }) => ({ data: await authenticator.status(caller.adminId) }),
  });

  api.implement(endpoints.admin.authenticatorSetup, {
    limits: codeTries,
    handler: async ({ body, caller }) => authenticator.startSetup(caller.adminId, body.code),
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
