import { describe, expect, it } from 'vitest';
import { apiTokenCreateSchema } from './tokens.js';

const messageOf = (value: unknown) =>
  apiTokenCreateSchema.safeParse(value).error?.issues[0]?.message ?? null;

describe('apiTokenCreateSchema', () => {
  it('takes a name and no expiry', () => {
    expect(apiTokenCreateSchema.parse({ name: ' nightly cron ' })).toEqual({
      name: 'nightly cron',
      scope: 'write',
    });
  });

  it('takes an expiry in whole days, also as text', () => {
    expect(apiTokenCreateSchema.parse({ name: 'ci', expiresInDays: 1 })).toEqual({
      name: 'ci',
      expiresInDays: 1,
      scope: 'write',
    });
    expect(apiTokenCreateSchema.parse({ name: 'ci', expiresInDays: '3650' }).expiresInDays).toBe(
      3650,
    );
  });

  it('accepts 60 characters of name and refuses 61 or none', () => {
    const message = 'Name the token in 1 to 60 characters';
    expect(apiTokenCreateSchema.safeParse({ name: 'n'.repeat(60) }).success).toBe(true);
    expect(messageOf({ name: 'n'.repeat(61) })).toBe(message);
    expect(messageOf({ name: '  ' })).toBe(message);
    expect(messageOf({})).toBe(message);
  });

  it('takes a read scope and refuses others in words', () => {
    expect(apiTokenCreateSchema.parse({ name: 'reports', scope: 'read' }).scope).toBe('read');
    expect(messageOf({ name: 'reports', scope: 'admin' })).toBe(
      'Scope is read (the token only reads) or write',
    );
  });

  it.each([0, -1, 1.5, 3651, 'soon'])('refuses %j days', (expiresInDays) => {
    expect(messageOf({ name: 'ci', expiresInDays })).toBe(
      'Expires in days must be a whole number from 1 to 3650, or empty',
    );
  });
});
