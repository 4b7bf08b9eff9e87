import { idListSchema, idSchema, invalidIdMessage, maxIdsPerCall } from '@dealdesk/core';
import { batches } from './concurrency.js';
import { usageError } from './exit.js';
import { validate, type Schema } from './validate.js';

export const isId = (id: string) => idSchema.safeParse(id).success;

/** An id as given, checked before anything is sent; one that is no id is named (exit 2). */
export function givenId(id: string): string {
  if (!isId(id)) throw usageError(`${invalidIdMessage}: ${id}`);
  return id;
}

/**
 * Any number of ids as the bulk calls take them: repeats dropped, every id checked before
 * anything is sent, then cut into calls of at most `maxIdsPerCall` ids.
 */
export function idBatches(
  ids: readonly string[],
  schema: Schema<{ id: string[] }> = idListSchema,
): string[][] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [validate(schema, { id: [] }).id];
  return batches(unique, maxIdsPerCall).map((batch) => validate(schema, { id: batch }).id);
}
