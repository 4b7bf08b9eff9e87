// The audit log's list and export queries (server/src/modules/audit).
import { z } from 'zod';
import { auditActions, auditKinds } from '../entities/audit.js';
import { adMessages } from './ads.js';
import { idSchema, pageQuery } from './common.js';
import { productExportFormats, rowFormatSchema } from './exports.js';

/** The screen's page size. */
export const auditPageSize = 50;

const day = z.iso.date({ error: adMessages.dateFormat });

/**
 * The filters of the list and the export, each optional: the administrator (`admin`, an id),
 * the item's kind and id (`item`), the action, and business days `from`..`to` (yyyy-mm-dd, in
 * order, both included) as the analytics ranges take them.
 */
const auditFilters = z.object({
  admin: idSchema.optional(),
  kind: z.enum(auditKinds, { error: 'Unknown kind' }).optional(),
  action: z.enum(auditActions, { error: 'Unknown action' }).optional(),
  item: idSchema.optional(),
  from: day.optional(),
  to: day.optional(),
});
export type AuditFilters = z.output<typeof auditFilters>;

/** yyyy-mm-dd strings sort as the days do. */
const inOrder = <S extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(
  schema: S,
) =>
  schema.refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    message: adMessages.dateOrder,
    path: ['to'],
  });

/** GET /api/App/audit/admin/entries: a page of the entries the filters keep, newest first. */
export const auditListQuerySchema = inOrder(
  pageQuery(auditPageSize).omit({ q: true }).extend(auditFilters.shape),
);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** GET /api/App/audit/admin/export: the same filters (no page), and the file's format. */
export const auditExportQuerySchema = inOrder(
  auditFilters.extend({ format: rowFormatSchema(productExportFormats) }),
);
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;
