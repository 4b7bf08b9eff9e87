import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { policyService } from './service.js';

/** The policy and terms editors (spec part 2, sections 2, 4 and 7). */
export const policyModule: Module = (api, context) => {
  const texts = policyService(context);

  api.implement(endpoints.policy.getPolicy, {
    handler: async () => ({ data: await texts.policy() }),
  });

  api.implement(endpoints.policy.updatePolicy, {
    handler: async ({ body }) => {
      await texts.savePolicy(body);
      return { data: await texts.policy() };
    },
  });

  api.implement(endpoints.policy.getTerms, {
    handler: async () => ({ data: await texts.terms() }),
  });

  api.implement(endpoints.policy.updateTerms, {
    handler: async ({ body }) => {
      await texts.saveTerms(body);
      return { data: await texts.terms() };
    },
  });
};
