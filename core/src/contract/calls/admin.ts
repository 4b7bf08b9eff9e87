// Sign-in, the password reset, the admin's profile and API tokens (spec part 1, sections 2-7).
import { z } from 'zod';
import { adminSchema, apiTokenSchema } from '../../entities/index.js';
import {
  apiTokenCreateSchema,
  forgetPasswordSchema,
  idSchema,
  loginSchema,
  newPasswordSchema,
  otpSchema,
  profileUpdateSchema,
} from '../../schemas/index.js';
import { endpoint, envelopeBody } from '../endpoint.js';

/** A step that hands the next one its temporary token (or the session's). */
const withToken = z.object({ token: z.string() });

export const admin = {
  /** Step 1 of sign-in: answers the temporary token that step 2 carries. */
  login: endpoint({
    method: 'POST',
    path: '/api/admin/login',
    access: 'public',
    summary: 'Sign-in, step 1: admin ID and password; mails a code',
    body: envelopeBody(loginSchema),
    answer: withToken,
    message: 'A verification code has been sent to your email',
  }),
  /** Step 2 of sign-in, carrying step 1's temporary token: answers the session token. */
  loginOtp: endpoint({
    method: 'POST',
    path: '/api/admin/login/otp',
    access: 'login-code',
    summary: "Sign-in, step 2: the mailed code; answers the session's token",
    body: envelopeBody(otpSchema),
    answer: withToken,
    message: 'Login successful',
  }),
  authorization: endpoint({
    method: 'GET',
    path: '/api/admin/Authorization',
    access: 'admin',
    summary: 'Whether the bearer token is a valid session or API token',
    answer: z.object({}),
    message: 'Authorized',
  }),
  adminData: endpoint({
    method: 'GET',
    path: '/api/admin/AdminData',
    access: 'admin',
    summary: "The signed-in admin's profile",
    answer: z.object({ data: adminSchema }),
    message: 'Admin data',
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/admin/Profile/Update',
    access: 'admin',
    summary: "Changes the admin's profile (not the email)",
    body: envelopeBody(profileUpdateSchema),
    answer: z.object({ data: adminSchema }),
    message: 'Profile updated successfully',
  }),
  /** Step 1 of the reset: answers the temporary token the next steps carry. */
  forgetPassword: endpoint({
    method: 'POST',
    path: '/api/admin/ForgetPw',
    access: 'public',
    summary: 'Password reset, step 1: mails a code to an admin address',
    body: envelopeBody(forgetPasswordSchema),
    answer: withToken,
    message: 'If this email belongs to an admin, a verification code has been sent to it',
  }),
  /** Step 2 of the reset; the same temporary token goes on to step 3. */
  forgetPasswordOtp: endpoint({
    method: 'POST',
    path: '/api/admin/ForgetPwOtp',
    access: 'reset-code',
    summary: 'Password reset, step 2: the mailed code',
    body: envelopeBody(otpSchema),
    answer: z.object({}),
    message: 'Code verified. Please set a new password.',
  }),
  newPassword: endpoint({
    method: 'POST',
    path: '/api/admin/NewPassword',
    access: 'reset-password',
    summary: 'Password reset, step 3: the new password',
    body: envelopeBody(newPasswordSchema),
    answer: z.object({}),
    message: 'Password changed successfully. Please log in.',
  }),
  /** Ends the server session of the bearer token (our addition to the spec). */
  logout: endpoint({
    method: 'POST',
    path: '/api/admin/Logout',
    access: 'admin',
    summary: "Ends the bearer token's session",
    answer: z.object({}),
    message: 'Logged out',
  }),
  listTokens: endpoint({
    method: 'GET',
    path: '/api/admin/tokens',
    access: 'session',
    summary: "The admin's API tokens (never their secrets)",
    answer: z.object({ data: z.array(apiTokenSchema) }),
    message: 'API tokens',
  }),
  /** `token` is the secret, shown this once. */
  createToken: endpoint({
    method: 'POST',
    path: '/api/admin/tokens',
    access: 'session',
    summary: 'Creates an API token for scripts; its secret is answered this once',
    body: envelopeBody(apiTokenCreateSchema),
    answer: z.object({ data: apiTokenSchema, token: z.string() }),
    message: 'API token created. Copy it now: it is not shown again.',
    idempotent: true,
  }),
  revokeToken: endpoint({
    method: 'DELETE',
    path: '/api/admin/tokens/:id',
    access: 'session',
    summary: 'Revokes an API token',
    params: z.object({ id: idSchema }),
    answer: z.object({}),
    message: 'API token revoked',
  }),
};
