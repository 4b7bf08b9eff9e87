import { adminIdKey, endpoints, secondFactorMessages } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { clientAddress } from '../../http/client-address.js';
import { administratorRoutes } from './administrator-routes.js';
import { originOf } from './devices.js';
import { authenticatorRoutes } from './second-factor-routes.js';
import type { AuthService } from './service.js';

/** Sign-in, password reset, logout and API tokens (spec part 1, sections 4, 5 and 7). */
export function authModule(auth: AuthService): Module {
  return (api, context) => {
    const limits = context.config.auth;
    // Every step before a session is limited per address. The ID or email being tried has a
    // tight limit per address, and a ceiling from anywhere, which mails its admin when reached.
    const perAddress = api.limiter('sign-in-address', limits.loginPerAddress, (_input, request) =>
      clientAddress(request),
    );
    /** The limit of one admin ID or email from one address, and its ceiling from anywhere. */
    const limitsOn = <I>(
      name: string,
      keyOf: (input: I) => string,
      who: (key: string) => { loginId: string } | { email: string },
    ) => [
      api.limiter(
        `${name}-address`,
        limits.loginPerAdminIdAndAddress,
        (input: I, request) => `${keyOf(input)}@${clientAddress(request)}`,
      ),
      api.limiter(name, limits.loginPerAdminId, keyOf, (input) =>
        auth.noticeAttemptCeiling(who(keyOf(input))),
      ),
    ];
    const perAdminId = limitsOn(
      'sign-in-id',
      // IDs that differ only in case or form count as one.
      (input: { body: { a_id: string } }) => adminIdKey(input.body.a_id),
      (loginId) => ({ loginId }),
    );
    const perEmail = limitsOn(
      'reset-email',
      (input: { body: { a_email: string } }) => input.body.a_email.toLowerCase(),
      (email) => ({ email }),
    );

    api.implement(endpoints.admin.login, {
      limits: [perAddress, ...perAdminId],
      handler: async ({ body }) => {
        const answer = await auth.checkCredentials(body.a_id, body.a_password);
        return answer.secondFactor === 'totp'
          ? { ...answer, message: secondFactorMessages.enterAuthenticatorCode }
          : answer;
      },
    });

    authenticatorRoutes(api, auth.authenticator, limits, context.metrics);

    api.implement(endpoints.admin.loginOtp, {
      limits: [perAddress],
      handler: async ({ body, caller, request }) => ({
        token: await auth.confirmLoginCode(caller, body.otp, originOf(request)),
      }),
    });

    api.implement(endpoints.admin.forgetPassword, {
      limits: [perAddress, ...perEmail],
      handler: async ({ body }) => ({ token: await auth.startReset(body.a_email) }),
    });

    api.implement(endpoints.admin.forgetPasswordOtp, {
      limits: [perAddress],
      handler: async ({ body, caller }) => {
        await auth.confirmResetCode(caller, body.otp);
        return {};
      },
    });

    api.implement(endpoints.admin.newPassword, {
      limits: [perAddress],
      handler: async ({ body, caller, request }) => {
        await auth.setNewPassword(caller, body.password, originOf(request));
        return {};
      },
    });

    api.implement(endpoints.admin.authorization, { handler: async () => ({}) });

    api.implement(endpoints.admin.logout, {
      handler: async ({ caller }) => {
        await auth.tokens.logout(caller);
        return {};
      },
    });

    // API tokens are managed from a signed-in session only: a leaked token cannot mint more.
    api.implement(endpoints.admin.listTokens, {
      handler: async ({ caller }) => ({ data: await auth.tokens.listApiTokens(caller) }),
    });

    api.implement(endpoints.admin.listAllTokens, {
      handler: async () => ({ data: await auth.tokens.listAllApiTokens() }),
    });

    api.implement(endpoints.admin.createToken, {
      handler: async ({ body, caller, request }) =>
        auth.tokens.createApiToken(caller, body, originOf(request)),
    });

    api.implement(endpoints.admin.revokeToken, {
      handler: async ({ params, caller }) => {
        await auth.tokens.revokeApiToken(caller, params.id);
        return {};
      },
    });

    administratorRoutes(api, context, perAddress);
  };
}
