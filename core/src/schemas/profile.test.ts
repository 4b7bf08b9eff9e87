import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './profile.js';

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

  it.each([
    ['98765432', false],
    ['987654321', true],
    ['98765432101', true],
    ['987654321012', false],
  ])('phone %s (%#): accepted %s', (a_phone, accepted) => {
    expect(messageOf({ ...profile, a_phone })).toBe(
      accepted ? null : 'Phone number must be 9 to 11 characters',
    );
  });

  it('counts the phone length without surrounding spaces', () => {
    expect(messageOf({ ...profile, a_phone: '  98765432  ' })).toBe(
      'Phone number must be 9 to 11 characters',
    );
    expect(profileUpdateSchema.parse({ ...profile, a_phone: ' +91 98765 ' }).a_phone).toBe(
      '+91 98765',
    );
  });

  it('refuses letters in the phone', () => {
    expect(messageOf({ ...profile, a_phone: '98765abcde' })).toBe(
      'Phone number may contain only digits, spaces and + - ( )',
    );
  });

  it('needs a name; state, city and address may be blank', () => {
    expect(messageOf({ ...profile, a_name: ' ' })).toBe('Enter your name');
    expect(profileUpdateSchema.parse({ a_name: 'Asha', a_phone: '987654321' })).toEqual({
      a_name: 'Asha',
      a_state: '',
      a_city: '',
      a_phone: '987654321',
      a_address: '',
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
