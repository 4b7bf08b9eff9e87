import { z } from 'zod';
import { requiredText } from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';

export const policyMessages = {
  policyTitle: 'Enter the policy title',
  policyDescription: 'Enter the policy text',
  termsTitle: 'Enter the terms title',
  termsDescription: 'Enter the terms text',
} as const;

/** PUT /api/App/policy/admin/update. */
export const policyUpdateSchema = z.object({
  policy_title: requiredText(policyMessages.policyTitle, atMost('Title', textLimits.name)),
  policy_description: requiredText(
    policyMessages.policyDescription,
    atMost('Text', textLimits.policyText),
  ),
});
export type PolicyUpdate = z.output<typeof policyUpdateSchema>;

/** PUT /api/App/terms/admin/update. */
export const termsUpdateSchema = z.object({
  terms_title: requiredText(policyMessages.termsTitle, atMost('Title', textLimits.name)),
  terms_description: requiredText(
    policyMessages.termsDescription,
    atMost('Text', textLimits.policyText),
  ),
});
export type TermsUpdate = z.output<typeof termsUpdateSchema>;
