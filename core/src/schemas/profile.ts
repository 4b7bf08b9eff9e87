import { z } from 'zod';
import { phoneMaxLength, phoneMinLength } from '../constants.js';
import { optionalText } from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';

/** E.164: a number with its country code has at most 15 digits. */
const internationalPhoneMaxDigits = 15;

export const profileMessages = {
  phoneLength: `Phone number must be ${phoneMinLength} to ${phoneMaxLength} digits, or up to ${internationalPhoneMaxDigits} after a + country code`,
  phoneCharacters: 'Phone number may contain only digits, spaces and + - ( ) .',
} as const;

const boundedText = (field: string, max: number) => optionalText(atMost(field, max));

/**
 * Optional. The spec's 9 to 11 counts the digits of a national number, so the separators
 * people type (`+91 98765-43210`, `(080) 2345 6789`) are welcome; after a leading + the
 * country code may take it up to 15 digits.
 */
const phone = boundedText('Phone number', textLimits.phone)
  .pipe(z.string().regex(/^[\d\s().+-]*$/, profileMessages.phoneCharacters))
  .refine((text) => {
    if (text === '') return true;
    const digits = text.replace(/\D/g, '').length;
    const max = text.startsWith('+') ? internationalPhoneMaxDigits : phoneMaxLength;
    return digits >= phoneMinLength && digits <= max;
  }, profileMessages.phoneLength);

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
