// The two legal texts the admin edits. Both are a title and a body; only their wire names,
// calls and messages differ, so one screen serves both.
import { policyUpdateSchema, termsUpdateSchema } from '@dealdesk/core';
import { api } from '../../app/api.js';
import { validate, type FieldErrors } from '../../ui/form.js';
import { unwrap, unwrapOr } from '../../ui/notify.js';

export interface LegalText {
  title: string;
  description: string;
}

export interface LegalDocument {
  kind: 'policy' | 'terms';
  heading: string;
  load(): Promise<LegalText>;
  /** The core schema's verdict, with errors under `title` and `description`. */
  check(text: LegalText): FieldErrors | null;
  /** Saves; answers the server's message. */
  save(text: LegalText): Promise<string>;
}

function errorsOf(verdict: ReturnType<typeof validate>, titleField: string, bodyField: string) {
  if (verdict.ok) return null;
  return { title: verdict.errors[titleField], description: verdict.errors[bodyField] };
}

export const privacyPolicy: LegalDocument = {
  kind: 'policy',
  heading: 'Privacy Policy',
  async load() {
    const { data } = unwrap(await api.policy.getPolicy());
    return { title: data?.policy_title ?? '', description: data?.policy_description ?? '' };
  },
  check: ({ title, description }) =>
    errorsOf(
      validate(policyUpdateSchema, { policy_title: title, policy_description: description }),
      'policy_title',
      'policy_description',
    ),
  async save({ title, description }) {
    const answer = await api.policy.updatePolicy({
      policy_title: title,
      policy_description: description,
    });
    const failed = 'Failed to update policy';
    return unwrapOr(answer, { failed, unreachable: failed }).message;
  },
};

export const termsAndConditions: LegalDocument = {
  kind: 'terms',
  heading: 'Terms & Conditions',
  async load() {
    const { data } = unwrap(await api.policy.getTerms());
    return { title: data?.terms_title ?? '', description: data?.terms_description ?? '' };
  },
  check: ({ title, description }) =>
    errorsOf(
      validate(termsUpdateSchema, { terms_title: title, terms_description: description }),
      'terms_title',
      'terms_description',
    ),
  async save({ title, description }) {
    const answer = await api.policy.updateTerms({
      terms_title: title,
      terms_description: description,
    });
    const failed = 'Failed to update terms';
    return unwrapOr(answer, { failed, unreachable: failed }).message;
  },
};
