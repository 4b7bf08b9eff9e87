import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  canReceiveMail,
  forgetPasswordSchema,
  loginSchema,
  newPasswordFormSchema,
  newPasswordSchema,
  otpSchema,
} from './auth.js';

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

describe('loginSchema', () => {
  it('takes the admin ID trimmed and the password as typed', () => {
    expect(loginSchema.parse({ a_id: ' admin ', a_password: ' secret ' })).toEqual({
      a_id: 'admin',
      a_password: ' secret ',
    });
  });

  it.each([
    [{ a_password: 'x' }, 'Admin ID is required'],
    [{ a_id: '  ', a_password: 'x' }, 'Admin ID is required'],
    [{ a_id: 'admin' }, 'Password is required'],
    [{ a_id: 'admin', a_password: '' }, 'Password is required'],
  ])('refuses %j', (value, message) => {
    expect(messageOf(loginSchema, value)).toBe(message);
  });
});

describe('otpSchema', () => {
  it('accepts six digits, spaces around them ignored', () => {
    expect(otpSchema.parse({ otp: '012345' })).toEqual({ otp: '012345' });
    expect(otpSchema.parse({ otp: ' 999999 ' })).toEqual({ otp: '999999' });
  });

  it.each([
    [{}, 'Enter the code'],
    [{ otp: '' }, 'Enter the code'],
    [{ otp: '1234567' }, 'The code has at most 6 characters'],
    [{ otp: '12345' }, 'The code is 6 digits'],
    [{ otp: '12a456' }, 'The code is 6 digits'],
    [{ otp: 123456 }, 'Enter the code'],
  ])('refuses %j', (value, message) => {
    expect(messageOf(otpSchema, value)).toBe(message);
  });
});

describe('forgetPasswordSchema', () => {
  it('takes a trimmed email', () => {
    expect(forgetPasswordSchema.parse({ a_email: ' admin@example.com ' })).toEqual({
      a_email: 'admin@example.com',
    });
  });

  it.each([
    [{}, 'Email is required'],
    [{ a_email: ' ' }, 'Email is required'],
    [{ a_email: 'admin' }, 'Enter a valid email address'],
    [{ a_email: 'admin@' }, 'Enter a valid email address'],
  ])('refuses %j', (value, message) => {
    expect(messageOf(forgetPasswordSchema, value)).toBe(message);
  });
});

describe('newPasswordSchema', () => {
  it('accepts 6 characters and refuses 5', () => {
    expect(newPasswordSchema.parse({ password: 'abcdef' })).toEqual({ password: 'abcdef' });
    expect(messageOf(newPasswordSchema, { password: 'abcde' })).toBe(
      'Password must be at least 6 characters long',
    );
    expect(messageOf(newPasswordSchema, {})).toBe('Password must be at least 6 characters long');
  });

  it('accepts 256 characters and refuses 257', () => {
    expect(newPasswordSchema.safeParse({ password: 'a'.repeat(256) }).success).toBe(true);
    expect(messageOf(newPasswordSchema, { password: 'a'.repeat(257) })).toBe(
      'Password must be at most 256 characters long',
    );
  });
});

describe('newPasswordFormSchema', () => {
  it('accepts a matching confirmation', () => {
    expect(newPasswordFormSchema.parse({ password: 'abcdef', confirmPassword: 'abcdef' })).toEqual({
      password: 'abcdef',
      confirmPassword: 'abcdef',
    });
  });

  it('refuses a different confirmation, on the confirmation field', () => {
    const issue = newPasswordFormSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdeg' })
      .error?.issues[0];
    expect(issue).toMatchObject({ message: 'Passwords do not match', path: ['confirmPassword'] });
  });

  it('checks the length first', () => {
    expect(messageOf(newPasswordFormSchema, { password: 'abc', confirmPassword: 'abc' })).toBe(
      'Password must be at least 6 characters long',
    );
  });
});

describe('admin addresses', () => {
  it('take a host without a dot for a reset, as the default admin@localhost', () => {
    expect(forgetPasswordSchema.parse({ a_email: ' admin@localhost ' }).a_email).toBe(
      'admin@localhost',
    );
    expect(forgetPasswordSchema.safeParse({ a_email: 'admin' }).success).toBe(false);
    expect(forgetPasswordSchema.safeParse({ a_email: 'a b@localhost' }).success).toBe(false);
  });

  it.each([
    ['ops@dealdesk.in', true],
    ['admin@localhost', false],
    ['admin@dealdesk.test', false],
    ['admin@shop.example', false],
    ['admin@box.local', false],
  ])('%s can receive mail: %s', (email, deliverable) => {
    expect(canReceiveMail(email)).toBe(deliverable);
  });
});
