// The privacy policy and the terms editors (spec part 2).
import { z } from 'zod';
import { policySchema, termsSchema } from '../../entities/index.js';
import { policyUpdateSchema, termsUpdateSchema } from '../../schemas/index.js';
import { endpoint, envelopeBody } from '../endpoint.js';

export const policy = {
  getPolicy: endpoint({
    method: 'GET',
    path: '/api/App/policy/admin/get',
    access: 'admin',
    role: 'viewer',
    summary: 'The privacy policy',
    answer: z.object({ data: policySchema }),
    message: 'Policy',
  }),
  updatePolicy: endpoint({
    method: 'PUT',
    path: '/api/App/policy/admin/update',
    access: 'admin',
    role: 'editor',
    summary: 'Saves the privacy policy',
    body: envelopeBody(policyUpdateSchema),
    answer: z.object({ data: policySchema }),
    message: 'Policy updated successfully',
  }),
  getTerms: endpoint({
    method: 'GET',
    path: '/api/App/terms/admin/get',
    access: 'admin',
    role: 'viewer',
    summary: 'The terms and conditions',
    answer: z.object({ data: termsSchema }),
    message: 'Terms & Conditions',
  }),
  updateTerms: endpoint({
    method: 'PUT',
    path: '/api/App/terms/admin/update',
    access: 'admin',
    role: 'editor',
    summary: 'Saves the terms and conditions',
    body: envelopeBody(termsUpdateSchema),
    answer: z.object({ data: termsSchema }),
    message: 'Terms & Conditions updated successfully',
  }),
};
