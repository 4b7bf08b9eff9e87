import {
  apiTokenCreateSchema,
  idSchema,
  forgetPasswordSchema,
  loginSchema,
  newPasswordSchema,
  otpSchema,
} from '@dealdesk/core';
import { z } from 'zod';
import type { Module } from '../../context.js';
import { messages } from './messages.js';
import type { AuthService } from './service.js';

/** Sign-in, password reset, logout and API tokens (spec part 1, sections 4, 5 and 7). */
export function authModule(auth: AuthService): Module {
  return (api, { config }) => {
    const limits = config.auth;
    // Every step before a session is limited per address. The ID or email being tried has a
    // tight limit per address, and a ceiling from anywhere, which mails its admin when reached.
    const perAddress = api.limiter(
      'sign-in-address',
      limits.loginPerAddress,
      (_input, request) => request.ip,
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
        (input: I, request) => `${keyOf(input)}@${request.ip}`,
      ),
      api.limiter(name, limits.loginPerAdminId, keyOf, (input) =>
        auth.noticeAttemptCeiling(who(keyOf(input))),
      ),
    ];
    const perAdminId = limitsOn(
      'sign-in-id',
      (input: { body: { a_id: string } }) => input.body.a_id.toLowerCase(),
      (loginId) => ({ loginId }),
    );
    const perEmail = limitsOn(
      'reset-email',
      (input: { body: { a_email: string } }) => input.body.a_email.toLowerCase(),
      (email) => ({ email }),
    );

    api.post('/api/admin/login', {
      access: 'public',
      body: loginSchema,
      limits: [perAddress, ...perAdminId],
      handler: async ({ body }) => {
        const token = await auth.checkCredentials(body.a_id, body.a_password);
        return { status: true, message: messages.codeSent, token };
      },
    });

    api.post('/api/admin/login/otp', {
      access: 'login-code',
      body: otpSchema,
      limits: [perAddress],
      handler: async ({ body, caller }) => {
        const token = await auth.confirmLoginCode(caller, body.otp);
        return { status: true, message: messages.signedIn, token };
      },
    });

    api.post('/api/admin/ForgetPw', {
      access: 'public',
      body: forgetPasswordSchema,
      limits: [perAddress, ...perEmail],
      handler: async ({ body }) => {
        const token = await auth.startReset(body.a_email);
        return { status: true, message: messages.resetCodeSent, token };
      },
    });

    api.post('/api/admin/ForgetPwOtp', {
      access: 'reset-code',
      body: otpSchema,
      limits: [perAddress],
      handler: async ({ body, caller }) => {
        await auth.confirmResetCode(caller, body.otp);
        return { status: true, message: messages.codeVerified };
      },
    });

    api.post('/api/admin/NewPassword', {
      access: 'reset-password',
      body: newPasswordSchema,
      limits: [perAddress],
      handler: async ({ body, caller }) => {
        await auth.setNewPassword(caller, body.password);
        return { status: true, message: messages.passwordChanged };
      },
    });

    api.get('/api/admin/Authorization', {
      access: 'admin',
      handler: async () => ({ status: true, message: 'Authorized' }),
    });

    api.post('/api/admin/Logout', {
      access: 'admin',
      handler: async ({ caller }) => {
        await auth.tokens.logout(caller);
        return { status: true, message: messages.loggedOut };
      },
    });

    // API tokens are managed from a signed-in session only: a leaked token cannot mint more.
    api.get('/api/admin/tokens', {
      access: 'session',
      handler: async ({ caller }) => ({
        status: true,
        message: 'API tokens',
        data: await auth.tokens.listApiTokens(caller),
      }),
    });

    api.post('/api/admin/tokens', {
      access: 'session',
      idempotent: true,
      body: apiTokenCreateSchema,
      handler: async ({ body, caller }) => ({
        status: true,
        message: messages.tokenCreated,
        ...(await auth.tokens.createApiToken(caller, body)),
      }),
    });

    api.delete('/api/admin/tokens/:id', {
      access: 'session',
      params: z.object({ id: idSchema }),
      handler: async ({ params, caller }) => {
        await auth.tokens.revokeApiToken(caller, params.id);
        return { status: true, message: messages.tokenRevoked };
      },
    });
  };
}
