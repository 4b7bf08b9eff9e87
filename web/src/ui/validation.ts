import type { z } from 'zod';
import { validate, type Validation } from './form.js';
import { toastError } from './notify.js';

/**
 * A schema's verdict where one message stands for several blank fields ('Please fill all the
 * fields', 'All required fields must be filled'): that message is said once, as a toast, and
 * the fields it concerns are only marked (see markOf). Other messages stay with their field.
 */
export function checkSayingOnce<S extends z.ZodType>(
  schema: S,
  values: unknown,
  summary: string,
): Validation<S> {
  const verdict = validate(schema, values);
  if (!verdict.ok && Object.values(verdict.errors).includes(summary)) toastError(summary);
  return verdict;
}

/** What a field shows for its error: a red mark for the summarised message, else the text. */
export function markOf(message: string | undefined, summary: string): string | boolean {
  return message === summary ? true : (message ?? false);
}
