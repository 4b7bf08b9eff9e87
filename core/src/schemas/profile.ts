import { z } from 'zod';
import { phoneMaxLength, phoneMinLength } from '../constants.js';
import { optionalText, requiredText } from './fields.js';

export const profileMessages = {
  nameRequired: 'Enter your name',
  phoneLength: `Phone number must be ${phoneMinLength} to ${phoneMaxLength} characters`,
  phoneCharacters: 'Phone number may contain only digits, spaces and + - ( )',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
} as const;

const boundedText = (field: string, max: number) =>
  optionalText.pipe(z.string().max(max, profileMessages.tooLong(field, max)));

/**
 * PUT /api/admin/Profile/Update. Keys outside the five editable fields (a_email, a_id...) are
 * stripped rather than refused: a client that sends back the whole admin record still saves,
 * and the email can never change.
 */
export const profileUpdateSchema = z.object({
  a_name: requiredText(profileMessages.nameRequired).max(100, profileMessages.tooLong('Name', 100)),
  a_state: boundedText('State', 100),
  a_city: boundedText('City', 100),
  a_phone: z
    .string({ error: profileMessages.phoneLength })
    .trim()
    .min(phoneMinLength, profileMessages.phoneLength)
    .max(phoneMaxLength, profileMessages.phoneLength)
    .regex(/^[\d\s()+-]*$/, profileMessages.phoneCharacters),
  a_address: boundedText('Address', 300),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
