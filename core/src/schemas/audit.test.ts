import { describe, expect, it } from 'vitest';
import { auditExportQuerySchema, auditListQuerySchema, auditPageSize } from './audit.js';

const messageOf = (value: unknown) =>
  auditListQuerySchema.safeParse(value).error?.issues[0]?.message ?? null;

describe('the audit log queries', () => {
  it('pages with the screen size by default, and takes every filter as the query sends it', () => {
    expect(auditListQuerySchema.parse({})).toEqual({ page: 1, limit: auditPageSize });
    const query = {
      page: '2',
      limit: '20',
      admin: '0123456789abcdef01234567',
      kind: 'in-house-ad',
      action: 'status',
      item: '76543210fedcba9876543210',
      from: '2026-03-01',
      to: '2026-03-01',
    };
    expect(auditListQuerySchema.parse(query)).toEqual({ ...query, page: 2, limit: 20 });
  });

  it('refuses unknown kinds and actions, bad ids, bad days and days out of order', () => {
    expect(messageOf({ kind: 'planet' })).toBe('Unknown kind');
    expect(messageOf({ action: 'explode' })).toBe('Unknown action');
    expect(messageOf({ admin: 'admin' })).toBe('Invalid id');
    expect(messageOf({ from: '2026-02-30' })).toBe('Dates must be real dates in yyyy-mm-dd format');
    expect(messageOf({ from: '2026-03-02', to: '2026-03-01' })).toBe(
      'The start date must be on or before the end date',
    );
  });

  it('exports as CSV unless JSON Lines is asked for, with the same filters', () => {
    expect(auditExportQuerySchema.parse({ kind: 'product' })).toEqual({
      kind: 'product',
      format: 'csv',
    });
    expect(auditExportQuerySchema.parse({ format: 'jsonl' }).format).toBe('jsonl');
    expect(auditExportQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(
      false,
    );
  });
});
