// The authenticator app as the second sign-in step (RFC 6238 codes) and its recovery codes:
// what the server, the web app and the CLI check alike.
import { z } from 'zod';
import { codeLength } from '../constants.js';

/** How step 2 of sign-in is passed: the mailed code, or the authenticator app's. */
export const secondFactors = ['email', 'totp'] as const;
export type SecondFactor = (typeof secondFactors)[number];

/** Ten recovery codes are made at a time; each works once. */
export const recoveryCodeCount = 10;
/**
 * Recovery codes are 10 characters from this alphabet (no 0/o, 1/i/l to misread), shown as
 * two groups of five: `7kq2m-xa9fh`, about 50 bits each.
 */
export const recoveryCodeAlphabet = '23456789abcdefghjkmnpqrstuvwxyz';
export const recoveryCodeLength = 10;
const recoveryCodePattern = /^[2-9a-hjkmnp-z]{5}-?[2-9a-hjkmnp-z]{5}$/;
/** The longest a typed recovery code can be: its two groups and the hyphen. */
export const recoveryCodeMaxChars = recoveryCodeLength + 1;

export const secondFactorMessages = {
  /** Step 1's answer when the second step wants the authenticator app. */
  enterAuthenticatorCode: 'Enter the code from your authenticator app',
  codeRequired: 'Enter the code',
  authenticatorCode: `The code is the ${codeLength} digits your authenticator app shows`,
  codeOrRecoveryCode: `Enter the ${codeLength}-digit code from your authenticator app, or a recovery code`,
  signInCode: `Enter the ${codeLength}-digit code (or, with an authenticator app, a recovery code)`,
  moveNeedsCode: `Your authenticator app is on: enter its ${codeLength}-digit code, or a recovery code, to set up another one`,
} as const;

/** A recovery code as stored and compared: lower case, without the hyphen or spaces. */
export const normalizeRecoveryCode = (text: string): string =>
  text.trim().toLowerCase().replace(/[\s-]/g, '');

const isAppCode = (text: string) => new RegExp(`^\\d{${codeLength}}$`).test(text);
const isRecoveryCode = (text: string) => recoveryCodePattern.test(text.toLowerCase());

/** A 6-digit code or a recovery code (the latter normalised); anything else is `message`. */
const codeOrRecovery = (message: string) =>
  z
    .string({ error: secondFactorMessages.codeRequired })
    .trim()
    .min(1, secondFactorMessages.codeRequired)
    .max(recoveryCodeMaxChars, message)
    .refine((text) => isAppCode(text) || isRecoveryCode(text), message)
    .transform((text) => (isAppCode(text) ? text : normalizeRecoveryCode(text)));

/** Whether a checked sign-in or turn-off code is a recovery code rather than a 6-digit one. */
export const isRecoveryCodeInput = (code: string): boolean => !isAppCode(code);

/**
 * Step 2 of sign-in (POST /api/admin/login/otp): the mailed code, or for an admin with the
 * authenticator app its code or a recovery code. Anything else is refused before it costs a try.
 */
export const signInCodeSchema = z.object({ otp: codeOrRecovery(secondFactorMessages.signInCode) });

/** Confirming the set-up, and new recovery codes: a current code from the app. */
export const authenticatorCodeSchema = z.object({
  code: z
    .string({ error: secondFactorMessages.codeRequired })
    .trim()
    .min(1, secondFactorMessages.codeRequired)
    .regex(new RegExp(`^\\d{${codeLength}}$`), secondFactorMessages.authenticatorCode),
});

/** Turning the authenticator app off: a current code, or a recovery code (a lost phone). */
export const authenticatorOffSchema = z.object({
  code: codeOrRecovery(secondFactorMessages.codeOrRecoveryCode),
});

/**
 * Starting a set-up: with an app already on (moving it to another phone), a current code from
 * it or a recovery code, so a session alone cannot put its own app in place.
 */
export const authenticatorSetupRequestSchema = z.object({
  code: codeOrRecovery(secondFactorMessages.codeOrRecoveryCode).optional(),
});

/** The authenticator app of the signed-in admin. */
export const authenticatorStatusSchema = z.object({
  enabled: z.boolean(),
  /** When it was turned on (ISO-8601 UTC); null while off. */
  enabledAt: z.string().nullable(),
  /** Unused recovery codes (0 while off). */
  recoveryCodesLeft: z.number().int().min(0),
});
export type AuthenticatorStatus = z.infer<typeof authenticatorStatusSchema>;

/** A set-up's key, shown once: as text to type in, as the otpauth:// link and as a QR picture. */
export const authenticatorSetupSchema = z.object({
  /** The shared secret in base32 (RFC 4648, no padding). */
  secret: z.string(),
  /** `otpauth://totp/...` as authenticator apps read it. */
  uri: z.string(),
  /** The link as a QR code: an SVG picture as a `data:image/svg+xml` URL. */
  qrCode: z.string(),
});
export type AuthenticatorSetup = z.infer<typeof authenticatorSetupSchema>;
