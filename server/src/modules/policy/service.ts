// The policy and the terms: one text each, stored and answered exactly as the admin saved
// it (the app decides how to show it). Never saved yet: both fields are ''.
import type { Policy, PolicyUpdate, Terms, TermsUpdate } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { policyRepository } from './repository.js';

export function policyService({ db, clock }: AppContext) {
  const repo = policyRepository(db);
  const now = () => clock().toISOString();
  const read = async (kind: 'policy' | 'terms') =>
    (await repo.find(kind)) ?? { title: '', description: '' };

  return {
    async policy(): Promise<Policy> {
      const { title, description } = await read('policy');
      return { policy_title: title, policy_description: description };
    },
    async terms(): Promise<Terms> {
      const { title, description } = await read('terms');
      return { terms_title: title, terms_description: description };
    },
    savePolicy: (update: PolicyUpdate) =>
      repo.save(
        'policy',
        { title: update.policy_title, description: update.policy_description },
        now(),
      ),
    saveTerms: (update: TermsUpdate) =>
      repo.save(
        'terms',
        { title: update.terms_title, description: update.terms_description },
        now(),
      ),
  };
}
