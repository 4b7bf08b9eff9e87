import { describe, expect, it } from 'vitest';
import { profileMessages, profileUpdateSchema } from './profile.js';

const profile = {
  a_name: 'Asha Rao',
  a_state: 'Karnataka',
  a_city: 'Bengaluru',
  a_phone: '9876543210',
  a_address: '12 MG Road',
};

const messageOf = (value: unknown) =>
  profileUpdateSchema.safeParse(value).error?.issues[0]?.message ?? null;

describe('profileUpdateSchema', () => {
  it('takes the five editable fields', () => {
    expect(profileUpdateSchema.parse(profile)).toEqual(profile);
  });

  it('strips the email and anything else, so the email never changes', () => {
    const parsed = profileUpdateSchema.parse({ ...profile, a_email: 'new@example.com', a_id: 'x' });
    expect(parsed).toEqual(profile);
    expect(parsed).not.toHaveProperty('a_email');
  });

  const phoneLength = profileMessages.phoneLength;

  it.each([
    ['98765432', false],
    ['987654321', true],
    ['98765432101', true],
    ['987654321012', false],
    ['98765-43210', true],
    ['080 2345678', true],
    ['+9198765432', true],
    ['+91 98765 43210', false],
    ['+91 (98765) 43210', false],
    ['(080) 2345-6789', false],
  ])('phone %s: accepted %s (9 to 11 characters)', (a_phone, accepted) => {
    expect(messageOf({ ...profile, a_phone })).toBe(accepted ? null : phoneLength);
  });

  it('counts the characters, trimmed', () => {
    expect(messageOf({ ...profile, a_phone: '  98765432  ' })).toBe(phoneLength);
    expect(profileUpdateSchema.parse({ ...profile, a_phone: ' 98765 43210 ' }).a_phone).toBe(
      '98765 43210',
    );
  });

  it('refuses letters in the phone', () => {
    expect(messageOf({ ...profile, a_phone: '98765abcde' })).toBe(profileMessages.phoneCharacters);
  });

  it('saves with every field blank: the first admin has no name or phone', () => {
    expect(profileUpdateSchema.parse({ a_address: '12 MG Road' })).toEqual({
      a_name: '',
      a_state: '',
      a_city: '',
      a_phone: '',
      a_address: '12 MG Road',
    });
  });

  it('bounds the free text', () => {
    expect(messageOf({ ...profile, a_address: 'x'.repeat(301) })).toBe(
      'Address must be at most 300 characters',
    );
    expect(messageOf({ ...profile, a_city: 'x'.repeat(101) })).toBe(
      'City must be at most 100 characters',
    );
  });
});
