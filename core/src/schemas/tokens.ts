import { z } from 'zod';
import { tokenScopes } from '../entities/administrators.js';
import { requiredText, wholeNumber } from './fields.js';

export const apiTokenNameMaxChars = 60;
/** About ten years: longer is "never", which is leaving the field out. */
export const apiTokenMaxDays = 3650;

const nameMessage = `Name the token in 1 to ${apiTokenNameMaxChars} characters`;
// Said in the words of the form's label, not the field's name: the screen shows it as it is.
const daysMessage = `Expires in days must be a whole number from 1 to ${apiTokenMaxDays}, or empty`;
const scopeMessage = 'Scope is read (the token only reads) or write';

/**
 * POST /api/admin/tokens: a name, optionally how many days the token lives, and its scope
 * (write, within its administrator's role, unless it is made to read only).
 */
export const apiTokenCreateSchema = z.object({
  name: requiredText(nameMessage, z.maxLength(apiTokenNameMaxChars, nameMessage)),
  expiresInDays: wholeNumber(daysMessage, { min: 1, max: apiTokenMaxDays }).optional(),
  scope: z.enum(tokenScopes, { error: scopeMessage }).default('write'),
});
