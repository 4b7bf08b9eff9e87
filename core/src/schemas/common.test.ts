import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  idList,
  idListSchema,
  idSchema,
  idStatusChangeSchema,
  maxIdsPerCall,
  pageQuery,
  statusChangeSchema,
} from './common.js';

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

const id = '65f1c2a9e4b0a1b2c3d4e5f6';
const other = '65f1c2a9e4b0a1b2c3d4e5f7';

describe('idSchema', () => {
  it('accepts 24 lowercase hex characters', () => {
    expect(idSchema.parse(id)).toBe(id);
  });

  it.each([id.toUpperCase(), id.slice(1), `${id}0`, 'z'.repeat(24), '', 42])(
    'refuses %j',
    (value) => {
      expect(messageOf(idSchema, value)).toBe('Invalid id');
    },
  );
});

describe('idListSchema', () => {
  it('takes one id or many, dropping repeats', () => {
    expect(idListSchema.parse({ id: [id] })).toEqual({ id: [id] });
    expect(idListSchema.parse({ id: [id, other, id] })).toEqual({ id: [id, other] });
  });

  it('refuses an empty or missing list', () => {
    expect(messageOf(idListSchema, { id: [] })).toBe('Select at least one item');
    expect(messageOf(idListSchema, {})).toBe('Select at least one item');
  });

  it('refuses a bad id in the list', () => {
    expect(messageOf(idListSchema, { id: [id, 'nope'] })).toBe('Invalid id');
  });

  it(`takes at most ${maxIdsPerCall} ids`, () => {
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => i.toString(16).padStart(24, '0'));
    expect(idListSchema.parse({ id: ids(maxIdsPerCall) }).id).toHaveLength(maxIdsPerCall);
    expect(messageOf(idListSchema, { id: ids(maxIdsPerCall + 1) })).toBe(
      'Select at most 1000 items at once',
    );
  });

  it("uses the screen's message when empty", () => {
    expect(messageOf(idList('Please select products to update'), { id: [] })).toBe(
      'Please select products to update',
    );
  });
});

describe('status changes', () => {
  it('statusChangeSchema takes _id and a boolean, also as text', () => {
    expect(statusChangeSchema.parse({ _id: id, status: false })).toEqual({
      _id: id,
      status: false,
    });
    expect(statusChangeSchema.parse({ _id: id, status: 'true' })).toEqual({
      _id: id,
      status: true,
    });
  });

  it('idStatusChangeSchema names the id `id`', () => {
    expect(idStatusChangeSchema.parse({ id, status: true })).toEqual({ id, status: true });
    expect(messageOf(idStatusChangeSchema, { _id: id, status: true })).toBe('Invalid id');
  });

  it('refuses a status that is not a boolean', () => {
    expect(messageOf(statusChangeSchema, { _id: id, status: 'on' })).toBe(
      'Status must be true or false',
    );
  });
});

describe('pageQuery', () => {
  const query = pageQuery(100);

  it('defaults to page 1, the screen page size and no search', () => {
    expect(query.parse({})).toEqual({ page: 1, limit: 100, q: '' });
  });

  it('reads query-string text', () => {
    expect(query.parse({ page: '3', limit: '200', q: ' shoes ' })).toEqual({
      page: 3,
      limit: 200,
      q: 'shoes',
    });
  });

  it.each([
    [{ page: '0' }, 'page must be a whole number, 1 or more'],
    [{ page: '1.5' }, 'page must be a whole number, 1 or more'],
    [{ limit: '0' }, 'limit must be a whole number from 1 to 1000'],
    [{ limit: '1001' }, 'limit must be a whole number from 1 to 1000'],
  ])('refuses %j', (value, message) => {
    expect(messageOf(query, value)).toBe(message);
  });
});
