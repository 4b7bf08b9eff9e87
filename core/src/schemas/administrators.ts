import { z } from 'zod';
import { adminRoles } from '../entities/administrators.js';
import { adminIdMessages, mixesScripts } from '../rules/admin-ids.js';
import { forgetPasswordSchema, loginSchema, newPasswordSchema, otpSchema } from './auth.js';

export const invitationMessages = {
  tokenRequired: 'The invitation link is incomplete: open the link from the invitation email',
} as const;

const roleSchema = z.enum(adminRoles, { error: 'role is viewer, editor or owner' });

/** POST /api/admin/administrators/invitations: who to invite, and as what (editor unless said). */
export const invitationCreateSchema = z.object({
  a_email: forgetPasswordSchema.shape.a_email,
  role: roleSchema.default('editor'),
});

/** PUT /api/admin/administrators/:id/role: the administrator's new role. */
export const roleChangeSchema = z.object({ role: roleSchema });

/**
 * POST /api/admin/invitation/accept: the link's token, the mailed code, and the new
 * administrator's admin ID and password (the same rules as sign-in and a new password).
 */
export const invitationAcceptSchema = z.object({
  token: z
    .string({ error: invitationMessages.tokenRequired })
    .trim()
    .min(1, invitationMessages.tokenRequired)
    .max(200, invitationMessages.tokenRequired),
  code: otpSchema.shape.otp,
  // One alphabet: an ID mixing them is how a look-alike of another is made.
  a_id: loginSchema.shape.a_id.refine((id) => !mixesScripts(id), adminIdMessages.mixedScripts),
  password: newPasswordSchema.shape.password,
});
