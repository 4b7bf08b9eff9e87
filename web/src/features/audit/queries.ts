import { auditListQuerySchema, auditPageSize, type AuditFilters } from '@dealdesk/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { unwrap } from '../../ui/notify.js';

const auditKey = ['audit'] as const;

/** The list's query, or the first problem with it (dates out of order) as the schema says it. */
export function auditListRequest(filters: AuditFilters, page: number) {
  const checked = auditListQuerySchema.safeParse({ ...filters, page, limit: auditPageSize });
  return checked.success
    ? { request: checked.data, problem: null }
    : { request: null, problem: checked.error.issues[0] ?? null };
}

export const auditQueries = {
  /** One page of the entries the filters keep, newest first, and how many they keep in all. */
  page: (request: ReturnType<typeof auditListRequest>['request']) =>
    queryOptions({
      queryKey: [...auditKey, 'page', request],
      queryFn: async () => {
        if (request === null) return { rows: [], total: 0 };
        const answer = unwrap(await api.audit.list(request));
        const rows = answer.data ?? [];
        return { rows, total: answer.totalRecord ?? rows.length };
      },
      enabled: request !== null,
      placeholderData: keepPreviousData,
    }),
  /** One entry with the fields it changed. */
  entry: (id: string) =>
    queryOptions({
      queryKey: [...auditKey, 'entry', id],
      queryFn: async () => {
        const detail = unwrap(await api.audit.detail({ id })).data;
        if (detail === undefined) throw new Error('The entry did not answer');
        return detail;
      },
      // An entry never changes once written.
      staleTime: Infinity,
    }),
  /** The administrators, for the Who filter. */
  administrators: queryOptions({
    queryKey: [...auditKey, 'administrators'],
    queryFn: async () => unwrap(await api.admin.listAdministrators()).data ?? [],
  }),
};
