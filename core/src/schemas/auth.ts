import { z } from 'zod';
import { codeLength, passwordMinLength } from '../constants.js';
import { requiredText } from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';

const passwordMaxLength = textLimits.password;

export const authMessages = {
  adminIdRequired: 'Admin ID is required',
  passwordRequired: 'Password is required',
  codeRequired: 'Enter the code',
  codeTooLong: `The code has at most ${codeLength} characters`,
  codeDigits: `The code is ${codeLength} digits`,
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: `Password must be at most ${passwordMaxLength} characters long`,
  passwordsDiffer: 'Passwords do not match',
} as const;

/**
 * Passwords are never trimmed: spaces are part of them. One longer than a new password may be
 * cannot be right, and never reaches the hash.
 */
const enteredPassword = z
  .string({ error: authMessages.passwordRequired })
  .max(passwordMaxLength, { error: authMessages.passwordTooLong, abort: true })
  .min(1, authMessages.passwordRequired);

/** POST /api/admin/login. */
export const loginSchema = z.object({
  a_id: requiredText(authMessages.adminIdRequired, atMost('Admin ID', textLimits.code)),
  a_password: enteredPassword,
});

/**
 * The one-time code of sign-in and reset (POST /api/admin/login/otp, /ForgetPwOtp). The input
 * takes at most 6 characters; a code the server can accept is exactly 6 digits, so anything
 * else is refused before it costs an attempt.
 */
export const otpSchema = z.object({
  otp: z
    .string({ error: authMessages.codeRequired })
    .trim()
    .min(1, authMessages.codeRequired)
    .max(codeLength, authMessages.codeTooLong)
    .regex(new RegExp(`^\\d{${codeLength}}$`), authMessages.codeDigits),
});

/**
 * An address as an admin's may be: a host name without a dot is fine (the default first admin
 * is `admin@localhost`, and a reset must work for it), which zod's email check refuses.
 */
export const adminEmailPattern =
  /^[^\s@]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;

/** POST /api/admin/ForgetPw. */
export const forgetPasswordSchema = z.object({
  a_email: requiredText(authMessages.emailRequired, atMost('Email', textLimits.email)).pipe(
    z.email({ error: authMessages.emailInvalid, pattern: adminEmailPattern }),
  ),
});

/** Domains that no mail server delivers to (RFC 2606, RFC 6761), and hosts without a dot. */
const undeliverableDomain = /^(?:[^.]+|.*\.(?:localhost|test|invalid|example|local))$/i;

/** Whether mail sent to `email` through a real mail server can arrive. */
export const canReceiveMail = (email: string): boolean =>
  !undeliverableDomain.test(email.slice(email.lastIndexOf('@') + 1));

const newPassword = z
  .string({ error: authMessages.passwordTooShort })
  .min(passwordMinLength, authMessages.passwordTooShort)
  .max(passwordMaxLength, authMessages.passwordTooLong);

/** POST /api/admin/NewPassword. */
export const newPasswordSchema = z.object({ password: newPassword });

/** The new-password form: the password and its confirmation must match. */
export const newPasswordFormSchema = z
  .object({
    password: newPassword,
    confirmPassword: z
      .string({ error: authMessages.passwordsDiffer })
      .max(passwordMaxLength, authMessages.passwordsDiffer),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
