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

describe('the lengths of the texts', () => {
  it('takes a legal text of 100,000 characters and a title of 200', () => {
    const terms = { terms_title: 'T'.repeat(200), terms_description: '<p>x</p>'.repeat(12_500) };
    expect(termsUpdateSchema.parse(terms)).toEqual(terms);
    expect(messageOf(termsUpdateSchema, { ...terms, terms_title: 'T'.repeat(201) })).toBe(
      'Title must be at most 200 characters',
    );
    const policy = { policy_title: 'Privacy', policy_description: 'x'.repeat(100_001) };
    expect(messageOf(policyUpdateSchema, policy)).toBe('Text must be at most 100,000 characters');
  });
});
