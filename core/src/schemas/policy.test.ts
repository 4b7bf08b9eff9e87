import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { policyUpdateSchema, termsUpdateSchema } from './policy.js';

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

describe('policyUpdateSchema', () => {
  it('takes a title and the text', () => {
    const policy = { policy_title: 'Privacy Policy', policy_description: 'We keep little.' };
    expect(policyUpdateSchema.parse(policy)).toEqual(policy);
  });

  it('needs both', () => {
    expect(messageOf(policyUpdateSchema, { policy_description: 'x' })).toBe(
      'Enter the policy title',
    );
    expect(messageOf(policyUpdateSchema, { policy_title: 'x', policy_description: ' ' })).toBe(
      'Enter the policy text',
    );
  });
});

describe('termsUpdateSchema', () => {
  it('takes a title and the text', () => {
    const terms = { terms_title: 'Terms & Conditions', terms_description: 'Be kind.' };
    expect(termsUpdateSchema.parse(terms)).toEqual(terms);
  });

  it('needs both', () => {
    expect(messageOf(termsUpdateSchema, { terms_description: 'x' })).toBe('Enter the terms title');
    expect(messageOf(termsUpdateSchema, { terms_title: 'x' })).toBe('Enter the terms text');
  });
});
