import { policyUpdateSchema, termsUpdateSchema } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { policyService } from './service.js';

/** The policy and terms editors (spec part 2, sections 2, 4 and 7). */
export const policyModule: Module = (api, context) => {
  const texts = policyService(context);

  api.get('/api/App/policy/admin/get', {
    access: 'admin',
    handler: async () => ({ status: true, message: 'Policy', data: await texts.policy() }),
  });

  api.put('/api/App/policy/admin/update', {
    access: 'admin',
    body: policyUpdateSchema,
    handler: async ({ body }) => {
      await texts.savePolicy(body);
      return { status: true, message: 'Policy updated successfully', data: await texts.policy() };
    },
  });

  api.get('/api/App/terms/admin/get', {
    access: 'admin',
    handler: async () => ({
      status: true,
      message: 'Terms & Conditions',
      data: await texts.terms(),
    }),
  });

  api.put('/api/App/terms/admin/update', {
    access: 'admin',
    body: termsUpdateSchema,
    handler: async ({ body }) => {
      await texts.saveTerms(body);
      return {
        status: true,
        message: 'Terms & Conditions updated successfully',
        data: await texts.terms(),
      };
    },
  });
};
