import { z } from 'zod';
import { maxPageSize } from '../constants.js';
import { flag, wholeNumber } from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';

export const invalidIdMessage = 'Invalid id';

/** An entity id: 24 lowercase hex characters. */
export const idSchema = z
  .string({ error: invalidIdMessage })
  .regex(/^[0-9a-f]{24}$/, invalidIdMessage);

/** One id named `id`: find calls (`?id=`) and paths ending in `/{id}`. */
export const byIdSchema = z.object({ id: idSchema });

/** Bulk actions take at most this many ids at once. */
export const maxIdsPerCall = 1000;

/**
 * A non-empty list of distinct ids under `id`, with the screen's own message when empty;
 * `element` reads each id (idSchema, or one that tidies ids first); at most `max` ids.
 */
export const idList = (
  emptyMessage: string,
  element: z.ZodType<string> = idSchema,
  max = maxIdsPerCall,
) =>
  z.object({
    id: z
      .array(element, { error: emptyMessage })
      .min(1, emptyMessage)
      .max(max, `Select at most ${max} items at once`)
      .transform((ids) => [...new Set(ids)]),
  });

/** Deletes and clears: `{id: [ids]}`. */
export const idListSchema = idList('Select at least one item');
export type IdList = z.output<typeof idListSchema>;

const statusMessage = 'Status must be true or false';

/** Status switch of shortcuts, story videos and story ads: `{_id, status}`. */
export const statusChangeSchema = z.object({ _id: idSchema, status: flag(statusMessage) });
export type StatusChange = z.output<typeof statusChangeSchema>;

/** Status switch of banners and in-house ads, which name the id `id`: `{id, status}`. */
export const idStatusChangeSchema = z.object({ id: idSchema, status: flag(statusMessage) });
export type IdStatusChange = z.output<typeof idStatusChangeSchema>;
export type IdStatusChangeInput = z.input<typeof idStatusChangeSchema>;

/** What a list's search box sends (`q`): trimmed, '' when left out. */
export const searchText = z
  .string()
  .trim()
  .check(atMost('Search text', textLimits.search))
  .default('');

/** `page`, `limit` and search `q` of a list call; `limit` defaults to the screen's page size. */
export const pageQuery = (defaultLimit: number) =>
  z.object({
    page: wholeNumber('page must be a whole number, 1 or more', { min: 1, fallback: 1 }),
    limit: wholeNumber(`limit must be a whole number from 1 to ${maxPageSize}`, {
      min: 1,
      max: maxPageSize,
      fallback: defaultLimit,
    }),
    q: searchText,
  });
export type PageQuery = z.output<ReturnType<typeof pageQuery>>;
