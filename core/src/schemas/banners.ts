import { z } from 'zod';
import { maxPageSize } from '../constants.js';
import { idSchema, pageQuery } from './common.js';
import { jsonPart, optionalWebUrl, requiredText, wholeNumber } from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';
import { bannerImageAddRule, bannerImageUpdateRule, checkMedia, mediaSlots } from './uploads.js';

export const bannerMessages = {
  nameRequired: 'Enter a banner name',
  urlInvalid: 'Enter a valid URL',
  notNegative: 'Enter only positive numbers',
} as const;

const bannerShape = {
  name: requiredText(bannerMessages.nameRequired, atMost('Banner name', textLimits.name)),
  url: optionalWebUrl(bannerMessages.urlInvalid, atMost('URL', textLimits.url)),
};

/** insertData of POST /api/App/add/banner/b1: a name, and a link when there is one. */
export const bannerInsertSchema = z.object(bannerShape);
export type BannerInsert = z.output<typeof bannerInsertSchema>;
export type BannerInsertInput = z.input<typeof bannerInsertSchema>;

/** insertData of PUT /api/App/edit/banner/b1. */
export const bannerEditInsertSchema = z.object({
  ...bannerShape,
  clickCount: wholeNumber(bannerMessages.notNegative),
});
export type BannerEditInsert = z.output<typeof bannerEditInsertSchema>;
export type BannerEditInsertInput = z.input<typeof bannerEditInsertSchema>;

/** POST /api/App/add/banner/b1 (multipart): insertData and a PNG image or an mp4 video. */
export const bannerAddSchema = z
  .object({
    insertData: jsonPart(bannerInsertSchema, 'insertData'),
    ...mediaSlots(bannerImageAddRule),
  })
  .superRefine((body, context) => checkMedia(body, context, true));
export type BannerAddInput = z.input<typeof bannerAddSchema>;

/** PUT /api/App/edit/banner/b1 (multipart): _id, insertData, and optionally a new file. */
export const bannerEditSchema = z
  .object({
    _id: idSchema,
    insertData: jsonPart(bannerEditInsertSchema, 'insertData'),
    ...mediaSlots(bannerImageUpdateRule),
  })
  .superRefine((body, context) => checkMedia(body, context, false));
export type BannerEditInput = z.input<typeof bannerEditSchema>;

/**
 * GET /api/App/all/banner/b1: the screen lists every banner and the spec gives no page size,
 * so a page is as large as a page may be; page, limit and a name search `q` still apply.
 */
export const bannerListQuerySchema = pageQuery(maxPageSize);
