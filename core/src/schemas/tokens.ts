import { z } from 'zod';
import { requiredText, wholeNumber } from './fields.js';

export const apiTokenNameMaxChars = 60;
/** About ten years: longer is "never", which is leaving the field out. */
export const apiTokenMaxDays = 3650;

const nameMessage = `Name the token in 1 to ${apiTokenNameMaxChars} characters`;
// Said in the words of the form's label, not the field's name: the screen shows it as it is.
const daysMessage = `Expires in days must be a whole number from 1 to ${apiTokenMaxDays}, or empty`;

/** POST /api/admin/tokens: a name, and optionally how many days the token lives. */
export const apiTokenCreateSchema = z.object({
  name: requiredText(nameMessage, z.maxLength(apiTokenNameMaxChars, nameMessage)),
  expiresInDays: wholeNumber(daysMessage, { min: 1, max: apiTokenMaxDays }).optional(),
});
