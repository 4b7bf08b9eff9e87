import { z } from 'zod';
import { adUnitTypes } from '../constants.js';
import { idList, idSchema } from './common.js';
import { isWebUrl, requiredText } from './fields.js';
import { atMost, type TextLimit } from './limits.js';
import { textLimits } from './text-limits.js';

export const adMessages = {
  fillAll: 'Please fill all the fields',
  webAdUrl: 'Enter a valid ad URL',
  unknownType: `The ad type must be one of ${adUnitTypes.join(', ')}`,
  dateFormat: 'Dates must be real dates in yyyy-mm-dd format',
  dateOrder: 'The start date must be on or before the end date',
  /** Clearing analytics when no ads are listed. */
  adsNotAvailable: 'Ads Not Availale',
} as const;

const filled = (limit: TextLimit) => requiredText(adMessages.fillAll, limit);
/**
 * Names and ids lose every space, as the spec's screens remove them before sending: an id
 * pasted with a space (or a tab) inside or around it is the id meant. The web form, the CLI and
 * the API share this, so each stores the same text. The text as sent is held to the limit too
 * (as the form's input is), so a body of spaces is refused rather than read whole.
 */
const spaceless = (limit: TextLimit) =>
  z
    .string({ error: adMessages.fillAll })
    .check(limit)
    .overwrite((text) => text.replace(/\s/g, ''))
    .pipe(filled(limit));
const adUrl = spaceless(atMost('Ad URL', textLimits.url)).refine(isWebUrl, adMessages.webAdUrl);

/** POST /api/App/ads/{type}/add for native, full screen, banner, open and reward units. */
export const adUnitAddSchema = z.object({
  a_name: spaceless(atMost('Ad name', textLimits.name)),
  a_id: spaceless(atMost('Ad ID', textLimits.code)),
  a_description: filled(atMost('Description', textLimits.description)),
});
export type AdUnitAdd = z.output<typeof adUnitAddSchema>;
export type AdUnitAddInput = z.input<typeof adUnitAddSchema>;

/** POST /api/App/ads/webads/add: the ad id is the ad's URL. */
export const webAdAddSchema = adUnitAddSchema.extend({ a_id: adUrl });
export type WebAdAddInput = z.input<typeof webAdAddSchema>;

/** PUT /api/App/ads/{type}/update/{id}: only the ad id and the description change. */
export const adUnitUpdateSchema = adUnitAddSchema.pick({ a_id: true, a_description: true });
export type AdUnitUpdate = z.output<typeof adUnitUpdateSchema>;
export type AdUnitUpdateInput = z.input<typeof adUnitUpdateSchema>;

/** PUT /api/App/ads/webads/update/{id}. */
export const webAdUpdateSchema = webAdAddSchema.pick({ a_id: true, a_description: true });

/** The {type} of the ad-unit paths. */
export const adUnitTypeSchema = z.object({
  type: z.enum(adUnitTypes, { error: adMessages.unknownType }),
});

const day = z.iso.date({ error: adMessages.dateFormat });

/** `?startDate&endDate` of web ads and analytics: business days, yyyy-mm-dd, in order. */
export const dateRangeQuerySchema = z
  .object({ startDate: day, endDate: day })
  // yyyy-mm-dd strings sort as the days do.
  .refine((range) => range.startDate <= range.endDate, {
    message: adMessages.dateOrder,
    path: ['endDate'],
  });
export type DateRangeQuery = z.output<typeof dateRangeQuerySchema>;

/**
 * An ad item's id in the count-clearing calls. Ids from the web source carry more after a
 * first '&' (spec); that part is dropped, so both forms name the same item.
 */
export const adItemIdSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.split('&', 1)[0] : value),
  idSchema,
);

/** DELETE .../count/remove/{id} of web ads and analytics. */
export const adItemPathSchema = z.object({ id: adItemIdSchema });

/** DELETE .../count/all/remove of web ads and analytics: the listed ads, at least one. */
export const adCountsClearSchema = idList(adMessages.adsNotAvailable, adItemIdSchema);
