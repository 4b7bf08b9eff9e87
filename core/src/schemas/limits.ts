// The length check of each free-text field, built on the limits of text-limits.ts.
import { z } from 'zod';
import { tooLongMessage } from './text-limits.js';

/**
 * The length check of one free-text field: at most `max` characters, with a message naming
 * `field`. Builders put it before the field's other checks, so its message comes first.
 */
export const atMost = (field: string, max: number) => z.maxLength(max, tooLongMessage(field, max));

/** What the text builders of fields.ts take: one field's limit. */
export type TextLimit = ReturnType<typeof atMost>;
