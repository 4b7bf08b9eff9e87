// Sign-in, the password reset, the admin's profile and API tokens (spec part 1, sections 2-7).
import { z } from 'zod';
import {
  adminSchema,
  adminSessionSchema,
  administratorSchema,
  apiTokenSchema,
  invitationSchema,
  ownedApiTokenSchema,
} from '../../entities/index.js';
import {
  apiTokenCreateSchema,
  authenticatorCodeSchema,
  authenticatorOffSchema,
  authenticatorSetupRequestSchema,
  authenticatorSetupSchema,
  authenticatorStatusSchema,
  secondFactors,
  signInCodeSchema,
  forgetPasswordSchema,
  byIdSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  roleChangeSchema,
  loginSchema,
  newPasswordSchema,
  otpSchema,
  profileUpdateSchema,
} from '../../schemas/index.js';
import { endpoint, envelopeBody } from '../endpoint.js';

/** A step that hands the next one its temporary token (or the session's). */
const withToken = z.object({ token: z.string() });
/** Disable and enable answer the administrator as it is now. */
const administratorAnswer = z.object({ data: administratorSchema });
/** The authenticator calls answer its status; those that make recovery codes add them, once. */
const authenticatorAnswer = z.object({ data: authenticatorStatusSchema });
const withRecoveryCodes = authenticatorAnswer.extend({ recoveryCodes: z.array(z.string()) });

export const admin = {
  /** Step 1 of sign-in: answers the temporary token that step 2 carries. */
  login: endpoint({
    method: 'POST',
    path: '/api/admin/login',
    access: 'public',
    role: 'anyone',
    limited: true,
    summary:
      'Sign-in, step 1: admin ID and password; mails a code unless the authenticator app is on',
    body: envelopeBody(loginSchema),
    /** `secondFactor` says what step 2 wants: the mailed code, or the authenticator app's. */
    answer: withToken.extend({ secondFactor: z.enum(secondFactors) }),
    message: 'A verification code has been sent to your email',
  }),
  /** Step 2 of sign-in, carrying step 1's temporary token: answers the session token. */
  loginOtp: endpoint({
    method: 'POST',
    path: '/api/admin/login/otp',
    access: 'login-code',
    role: 'anyone',
    limited: true,
    summary:
      "Sign-in, step 2: the mailed code, or the authenticator app's or a recovery code; answers the session's token",
    body: envelopeBody(signInCodeSchema),
    answer: withToken,
    message: 'Login successful',
  }),
  authorization: endpoint({
    method: 'GET',
    path: '/api/admin/Authorization',
    access: 'admin',
    role: 'viewer',
    summary: 'Whether the bearer token is a valid session or API token',
    answer: z.object({}),
    message: 'Authorized',
  }),
  adminData: endpoint({
    method: 'GET',
    path: '/api/admin/AdminData',
    access: 'admin',
    role: 'viewer',
    summary: "The signed-in admin's profile",
    answer: z.object({ data: adminSchema }),
    message: 'Admin data',
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/admin/Profile/Update',
    access: 'admin',
    role: 'viewer',
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
    role: 'anyone',
    limited: true,
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
    role: 'anyone',
    limited: true,
    summary: 'Password reset, step 2: the mailed code',
    body: envelopeBody(otpSchema),
    answer: z.object({}),
    message: 'Code verified. Please set a new password.',
  }),
  newPassword: endpoint({
    method: 'POST',
    path: '/api/admin/NewPassword',
    access: 'reset-password',
    role: 'anyone',
    limited: true,
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
    role: 'viewer',
    summary: "Ends the bearer token's session",
    answer: z.object({}),
    message: 'Logged out',
  }),
  listTokens: endpoint({
    method: 'GET',
    path: '/api/admin/tokens',
    access: 'session',
    role: 'viewer',
    summary: "The admin's API tokens (never their secrets)",
    answer: z.object({ data: z.array(apiTokenSchema) }),
    message: 'API tokens',
  }),
  /** Every administrator's API tokens with whose each is (issue 39: owners manage anyone's). */
  listAllTokens: endpoint({
    method: 'GET',
    path: '/api/admin/tokens/all',
    access: 'session',
    role: 'owner',
    summary: "Every administrator's API tokens, each with its administrator (never their secrets)",
    answer: z.object({ data: z.array(ownedApiTokenSchema) }),
    message: 'API tokens',
  }),
  /** `token` is the secret, shown this once. */
  createToken: endpoint({
    method: 'POST',
    path: '/api/admin/tokens',
    access: 'session',
    role: 'editor',
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
    role: 'viewer',
    summary: "Revokes an API token: one's own, or an owner anyone's",
    params: byIdSchema,
    answer: z.object({}),
    message: 'API token revoked',
  }),
  /** Every administrator, and the invitations not yet accepted (issue 21). */
  listAdministrators: endpoint({
    method: 'GET',
    path: '/api/admin/administrators',
    access: 'admin',
    role: 'viewer',
    summary: 'The administrators with their status, and the pending invitations',
    answer: z.object({
      data: z.array(administratorSchema),
      invitations: z.array(invitationSchema),
    }),
    message: 'Administrators',
  }),
  /** Mails a one-time link and code; an earlier invitation of the same email is replaced. */
  inviteAdministrator: endpoint({
    method: 'POST',
    path: '/api/admin/administrators/invitations',
    access: 'session',
    role: 'owner',
    summary: 'Invites another administrator by email (a one-time link and code)',
    body: envelopeBody(invitationCreateSchema),
    answer: z.object({ data: invitationSchema }),
    message: 'Invitation sent',
    // A repeat would replace the invitation just mailed, and its link would stop working.
    idempotent: true,
  }),
  cancelInvitation: endpoint({
    method: 'DELETE',
    path: '/api/admin/administrators/invitations/:id',
    access: 'session',
    role: 'owner',
    summary: 'Cancels an invitation not yet accepted',
    params: byIdSchema,
    answer: z.object({}),
    message: 'Invitation cancelled',
  }),
  /** The invitee's page: creates the administrator, who then signs in as usual. */
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/admin/invitation/accept',
    access: 'public',
    role: 'anyone',
    limited: true,
    summary: "Accepts an invitation: the link's token, the mailed code, an admin ID and password",
    body: envelopeBody(invitationAcceptSchema),
    answer: z.object({ a_id: z.string() }),
    message: 'Welcome! Your account is ready: please log in.',
  }),
  /** Ends every session and API token of that administrator at once. */
  disableAdministrator: endpoint({
    method: 'POST',
    path: '/api/admin/administrators/:id/disable',
    access: 'session',
    role: 'owner',
    summary: 'Disables an administrator (not yourself, not the last active one)',
    params: byIdSchema,
    answer: administratorAnswer,
    message: 'Administrator disabled',
  }),
  enableAdministrator: endpoint({
    method: 'POST',
    path: '/api/admin/administrators/:id/enable',
    access: 'session',
    role: 'owner',
    summary: 'Enables a disabled administrator again (they sign in anew)',
    params: byIdSchema,
    answer: administratorAnswer,
    message: 'Administrator enabled',
  }),
  /** Audited with the role before and after; the last enabled owner keeps theirs. */
  changeAdministratorRole: endpoint({
    method: 'PUT',
    path: '/api/admin/administrators/:id/role',
    access: 'session',
    role: 'owner',
    summary: 'Changes the role of an administrator (viewer, editor or owner)',
    params: byIdSchema,
    body: envelopeBody(roleChangeSchema),
    answer: administratorAnswer,
    message: 'Role changed',
  }),
  listSessions: endpoint({
    method: 'GET',
    path: '/api/admin/sessions',
    access: 'session',
    role: 'viewer',
    summary: "The caller's signed-in sessions (device, address, started, last used)",
    answer: z.object({ data: z.array(adminSessionSchema) }),
    message: 'Sessions',
  }),
  revokeSession: endpoint({
    method: 'DELETE',
    path: '/api/admin/sessions/:id',
    access: 'session',
    role: 'viewer',
    summary: "Ends one of the caller's sessions",
    params: byIdSchema,
    answer: z.object({}),
    message: 'Session ended',
  }),
  /** Keeps the session making the call. */
  revokeOtherSessions: endpoint({
    method: 'POST',
    path: '/api/admin/sessions/end-others',
    access: 'session',
    role: 'viewer',
    summary: 'Ends every session of the caller but this one',
    answer: z.object({ ended: z.number() }),
    message: 'Other sessions ended',
  }),
  /** The signed-in admin's authenticator app: on or off, since when, recovery codes left. */
  authenticatorStatus: endpoint({
    method: 'GET',
    path: '/api/admin/authenticator',
    access: 'session',
    role: 'viewer',
    summary: 'Whether sign-in asks for an authenticator app code, and the recovery codes left',
    answer: authenticatorAnswer,
    message: 'Authenticator app',
  }),
  /**
   * Starts setting up an authenticator app: a new key, shown this once (it replaces a set-up
   * not yet confirmed; one already on keeps working until the new one is confirmed). With an
   * app already on, it takes a current code from it or a recovery code.
   */
  authenticatorSetup: endpoint({
    method: 'POST',
    path: '/api/admin/authenticator/setup',
    access: 'session',
    role: 'viewer',
    limited: true,
    summary:
      'Starts the authenticator app set-up: its key, otpauth:// link and QR code, once (with an app on: a code from it)',
    body: envelopeBody(authenticatorSetupRequestSchema),
    answer: authenticatorSetupSchema,
    message: 'Scan the QR code with your authenticator app, then enter the code it shows',
    // A waiting key changes nothing until a code confirms it; the confirmation is audited.
    audited: false,
  }),
  /** A code from the app confirms the set-up and turns it on; recovery codes shown once. */
  authenticatorConfirm: endpoint({
    method: 'POST',
    path: '/api/admin/authenticator/confirm',
    access: 'session',
    role: 'viewer',
    limited: true,
    summary: 'Confirms the set-up with a code and turns the authenticator app on',
    body: envelopeBody(authenticatorCodeSchema),
    answer: withRecoveryCodes,
    message: 'Authenticator app turned on. Save your recovery codes: they are not shown again.',
  }),
  /** Needs a current code or a recovery code (a stolen session alone cannot turn it off). */
  authenticatorOff: endpoint({
    method: 'POST',
    path: '/api/admin/authenticator/off',
    access: 'session',
    role: 'viewer',
    limited: true,
    summary: 'Turns the authenticator app off (with a code or a recovery code)',
    body: envelopeBody(authenticatorOffSchema),
    answer: authenticatorAnswer,
    message: 'Authenticator app turned off. Sign-in codes are mailed again.',
  }),
  /** Ten new recovery codes, shown once; the earlier ones stop working. */
  authenticatorRecoveryCodes: endpoint({
    method: 'POST',
    path: '/api/admin/authenticator/recovery-codes',
    access: 'session',
    role: 'viewer',
    limited: true,
    summary: 'Replaces the recovery codes with ten new ones (with a code)',
    body: envelopeBody(authenticatorCodeSchema),
    answer: withRecoveryCodes,
    message: 'New recovery codes made. Save them: they are not shown again.',
  }),
};
