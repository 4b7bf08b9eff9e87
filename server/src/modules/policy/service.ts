// The policy and the terms: one text each, stored and answered exactly as the admin saved
// it (the app decides how to show it). Never saved yet: both fields are ''.
import type { Policy, PolicyUpdate, Terms, TermsUpdate } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { auditTrail } from '../audit/service.js';
import { policyRepository } from './repository.js';
import type { PolicyKind } from './tables.js';

export function policyService(context: AppContext) {
  const { db, clock } = context;
  const repo = policyRepository(db);
  const audit = auditTrail(context);
  const now = () => clock().toISOString();
  const read = async (kind: PolicyKind, from = repo) =>
    (await from.find(kind)) ?? { title: '', description: '' };

  /** Saves one text and its audit entry (the fields it changed) together. */
  const save = (kind: PolicyKind, text: { title: string; description: string }) =>
    db.transaction().execute(async (trx) => {
      const inTrx = policyRepository(trx);
      const before = await read(kind, inTrx);
      await inTrx.save(kind, text, now());
      await audit.record(trx, {
        action: 'update',
        kind,
        itemId: null,
        label: text.title,
        before,
        after: text,
      });
    });

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
      save('policy', { title: update.policy_title, description: update.policy_description }),
    saveTerms: (update: TermsUpdate) =>
      save('terms', { title: update.terms_title, description: update.terms_description }),
  };
}
