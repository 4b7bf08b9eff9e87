import { z } from 'zod';
import { shortcutPageSize } from '../constants.js';
import { idSchema, pageQuery } from './common.js';
import { requiredText, webUrl, wholeNumber } from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';
import { fileSlot, optionalFileSlot, shortcutImageRule } from './uploads.js';

export const shortcutMessages = {
  titleRequired: 'Enter a title',
  urlInvalid: 'Enter a valid URL',
  /** s_no and clickCount on edit (spec). */
  notNegative: 'Enter only positive numbers',
} as const;

const shortcutShape = {
  name: requiredText(shortcutMessages.titleRequired, atMost('Title', textLimits.name)),
  url: webUrl(shortcutMessages.urlInvalid, atMost('URL', textLimits.url)),
};

/** GET /api/sortcut: page, limit (100 on the screen) and search. */
export const shortcutListQuerySchema = pageQuery(shortcutPageSize);

/**
 * POST /api/sortcut (multipart). s_no is read-only on the form, which shows the server's
 * next_s_no; left out, the server numbers the shortcut itself.
 */
export const shortcutAddSchema = z.object({
  ...shortcutShape,
  s_no: wholeNumber(shortcutMessages.notNegative).optional(),
  image: fileSlot(shortcutImageRule),
});
export type ShortcutAdd = z.output<typeof shortcutAddSchema>;
export type ShortcutAddInput = z.input<typeof shortcutAddSchema>;

/** PUT /api/sortcut (multipart): the image is optional on edit. */
export const shortcutEditSchema = z.object({
  _id: idSchema,
  ...shortcutShape,
  s_no: wholeNumber(shortcutMessages.notNegative),
  clickCount: wholeNumber(shortcutMessages.notNegative),
  image: optionalFileSlot(shortcutImageRule),
});
export type ShortcutEdit = z.output<typeof shortcutEditSchema>;
export type ShortcutEditInput = z.input<typeof shortcutEditSchema>;
