import { z } from 'zod';
import { phoneMaxLength, phoneMinLength } from '../constants.js';
import { optionalText } from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';

export const profileMessages = {
  phoneLength: `Phone number must be ${phoneMinLength} to ${phoneMaxLength} characters`,
  phoneCharacters: 'Phone number may contain only digits, spaces and + - ( ) .',
} as const;

const boundedText = (field: string, max: number) => optionalText(atMost(field, max));

/**
 * Optional. The spec's 9 to 11 characters, counted as typed (trimmed): a national number with a
 * separator or two (`98765-43210`, `080 2345678`) fits, a + country code only when short.
 */
const phone = boundedText('Phone number', textLimits.phone)
  .pipe(z.string().regex(/^[\d\s().+-]*$/, profileMessages.phoneCharacters))
  .refine(
    (text) => text === '' || (text.length >= phoneMinLength && text.length <= phoneMaxLength),
    profileMessages.phoneLength,
  );

/**
 * PUT /api/admin/Profile/Update. Keys outside the five editable fields (a_email, a_id...) are
 * stripped rather than refused: a client that sends back the whole admin record still saves,
 * and the email can never change. Every field may be blank: the first admin has no name or
 * phone, and must still be able to save an address.
 */
export const profileUpdateSchema = z.object({
  a_name: boundedText('Name', textLimits.profileText),
  a_state: boundedText('State', textLimits.profileText),
  a_city: boundedText('City', textLimits.profileText),
  a_phone: phone,
  a_address: boundedText('Address', textLimits.address),
});
