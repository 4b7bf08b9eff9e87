// The audit log's filters, page and open entry live in the address
// (?admin=&kind=&action=&item=&from=&to=&page=&entry=), so Back, a reload or a link (an item's
// History) shows the same entries. A value the address holds that is no filter's is ignored.
import {
  auditActions,
  auditKinds,
  type AuditAction,
  type AuditFilters,
  type AuditKind,
} from '@dealdesk/core';
import { useAddressQuery } from '../../ui/useAddressQuery.js';

const filterKeys = ['admin', 'kind', 'action', 'item', 'from', 'to'] as const;
type FilterKey = (typeof filterKeys)[number];

const oneOf =
  <Value extends string>(values: readonly Value[]) =>
  (value: string | null): value is Value =>
    value !== null && (values as readonly string[]).includes(value);
const isKind = oneOf<AuditKind>(auditKinds);
const isAction = oneOf<AuditAction>(auditActions);

export function useAuditUrl() {
  const [params, changeQuery] = useAddressQuery();
  const text = (key: FilterKey) => {
    const value = params.get(key)?.trim() ?? '';
    return value === '' ? undefined : value;
  };
  const kind = params.get('kind');
  const action = params.get('action');
  // Each given filter once; the server's schema checks the ids and days.
  const filters: AuditFilters = {
    ...(text('admin') === undefined ? {} : { admin: text('admin') }),
    ...(isKind(kind) ? { kind } : {}),
    ...(isAction(action) ? { action } : {}),
    ...(text('item') === undefined ? {} : { item: text('item') }),
    ...(text('from') === undefined ? {} : { from: text('from') }),
    ...(text('to') === undefined ? {} : { to: text('to') }),
  };
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);
  const entry = params.get('entry');

  const update = (change: (next: URLSearchParams) => void, replace = false) =>
    void changeQuery(change, { replace });
  /** A filter changed: back to the first page. Typing a date replaces the address entry. */
  const setFilter = (key: FilterKey, value: string | null, replace = false) =>
    update((next) => {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
      next.delete('page');
    }, replace);
  const clearFilters = () =>
    update((next) => {
      for (const key of [...filterKeys, 'page']) next.delete(key);
    });
  const setPage = (to: number) =>
    update((next) => {
      if (to <= 1) next.delete('page');
      else next.set('page', String(to));
    });
  /** The address of an entry's detail, over the list as it is. */
  const entryHref = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('entry', id);
    return `?${next.toString()}`;
  };
  const closeEntry = () => update((next) => next.delete('entry'));
  const filtered = Object.keys(filters).length > 0;
  return {
    filters,
    filtered,
    page,
    entry,
    setFilter,
    clearFilters,
    setPage,
    entryHref,
    closeEntry,
  };
}

export type AuditUrl = ReturnType<typeof useAuditUrl>;
