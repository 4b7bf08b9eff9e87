// The audit log: every write through the API, who made it from where and what it changed.
import { z } from 'zod';
import { auditEntryDetailSchema, auditEntrySchema } from '../../entities/index.js';
import {
  auditExportQuerySchema,
  auditListQuerySchema,
  byIdSchema,
  productExportFormats,
  type AuditFilters,
  type ProductExportFormat,
} from '../../schemas/index.js';
import { endpoint, endpointTaking, rowsEndpointTaking } from '../endpoint.js';
import type { PageRequest } from './pages.js';

/** The list's filters and page (the server has defaults for page and limit). */
export type AuditListRequest = Omit<PageRequest, 'q'> & AuditFilters;
/** The export's filters, and the file's format. */
export type AuditExportRequest = AuditFilters & { format?: ProductExportFormat };

const auditPath = '/api/App/audit/admin';

export const audit = {
  list: endpointTaking<AuditListRequest>()({
    method: 'GET',
    path: `${auditPath}/entries`,
    access: 'admin',
    role: 'viewer',
    summary:
      'A page of the audit log, newest first, filtered by administrator, kind, item, action and business days, and how many entries the filters keep',
    query: auditListQuerySchema,
    answer: z.object({ data: z.array(auditEntrySchema), totalRecord: z.number() }),
    message: 'Audit log',
  }),
  detail: endpoint({
    method: 'GET',
    path: `${auditPath}/entries/:id`,
    access: 'admin',
    role: 'viewer',
    summary: 'One audit entry with the fields it changed, before and after',
    params: byIdSchema,
    answer: z.object({ data: auditEntryDetailSchema }),
    message: 'Audit entry',
  }),
  /** The entries the filters keep, newest first, as a file. */
  export: rowsEndpointTaking<AuditExportRequest>()({
    method: 'GET',
    path: `${auditPath}/export`,
    access: 'admin',
    role: 'viewer',
    summary:
      'The audit entries the filters keep, newest first, with the fields they changed, as CSV or JSON Lines, streamed',
    query: auditExportQuerySchema,
    answer: auditEntryDetailSchema,
    rows: { formats: productExportFormats, file: 'audit' },
    message: 'Audit log exported',
  }),
};
