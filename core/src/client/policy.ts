import type { Policy, Terms } from '../entities/catalogue.js';
import type { PolicyUpdateInput, TermsUpdateInput } from '../schemas/index.js';
import { command, envelope } from './command.js';

/** The privacy policy and the terms editors. */
export const policy = {
  getPolicy: () =>
    command<{ data: Policy }>({ method: 'GET', path: '/api/App/policy/admin/get', auth: 'bearer' }),
  updatePolicy: (input: PolicyUpdateInput) =>
    command({
      method: 'PUT',
      path: '/api/App/policy/admin/update',
      body: envelope(input),
      auth: 'bearer',
    }),
  getTerms: () =>
    command<{ data: Terms }>({ method: 'GET', path: '/api/App/terms/admin/get', auth: 'bearer' }),
  updateTerms: (input: TermsUpdateInput) =>
    command({
      method: 'PUT',
      path: '/api/App/terms/admin/update',
      body: envelope(input),
      auth: 'bearer',
    }),
};
