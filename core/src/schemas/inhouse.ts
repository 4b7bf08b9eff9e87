import { z } from 'zod';
import { inHousePageSize } from '../constants.js';
import { inHouseAdTypes, mediaTypes } from '../entities/ads.js';
import { idSchema, pageQuery } from './common.js';
import {
  blankAsMissing,
  flag,
  limitShape,
  normaliseLimits,
  requiredText,
  webUrl,
} from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';
import {
  fileSlot,
  imageRule,
  optionalFileSlot,
  uploadMessages,
  videoRule,
  type FileLike,
} from './uploads.js';

export const inHouseMessages = {
  title: 'Enter the title',
  subtitle: 'Enter the subtitle',
  details: 'Enter the details',
  callToAction: 'Enter a valid CTA link',
  buttonText: 'Enter the button text',
  adType: 'The ad type must be NTV or FS',
  mediaType: 'The media type must be image or video',
  mediaMismatch: 'The media file must match the media type',
  missingFiles: uploadMessages.inHouseMissingFiles,
} as const;

/** A choice from a select; left out or blank, it is the default. */
const choice = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  message: string,
) => blankAsMissing(z.enum(values, { error: message }).default(fallback));

const inHouseShape = {
  mainTitle: requiredText(inHouseMessages.title, atMost('Title', textLimits.name)),
  subTitle: requiredText(inHouseMessages.subtitle, atMost('Subtitle', textLimits.name)),
  description: requiredText(inHouseMessages.details, atMost('Details', textLimits.description)),
  callToAction: webUrl(inHouseMessages.callToAction, atMost('CTA', textLimits.url)),
  btnName: requiredText(inHouseMessages.buttonText, atMost('Button text', textLimits.buttonText)),
  ad_type: choice(inHouseAdTypes, 'NTV', inHouseMessages.adType),
  medType: choice(mediaTypes, 'image', inHouseMessages.mediaType),
  ...limitShape,
  image: optionalFileSlot(imageRule),
  video: optionalFileSlot(videoRule),
};

/** The media file goes in the slot of its type (image or video); on create it is required. */
function checkInHouseMedia(
  ad: { medType: 'image' | 'video'; image?: FileLike | undefined; video?: FileLike | undefined },
  context: z.RefinementCtx,
  required: boolean,
): void {
  const other = ad.medType === 'image' ? 'video' : 'image';
  if (ad[other] !== undefined) {
    context.addIssue({ code: 'custom', message: inHouseMessages.mediaMismatch, path: [other] });
  } else if (required && ad[ad.medType] === undefined) {
    context.addIssue({ code: 'custom', message: inHouseMessages.missingFiles, path: [ad.medType] });
  }
}

/**
 * POST /api/App/inhouse/ads (multipart): the texts, the ad and media types, the limits, an
 * icon and the media file.
 */
export const inHouseAdCreateSchema = z
  .object({ ...inHouseShape, icon: fileSlot(imageRule, inHouseMessages.missingFiles) })
  .superRefine((ad, context) => checkInHouseMedia(ad, context, true))
  .transform(normaliseLimits);
export type InHouseAdCreateInput = z.input<typeof inHouseAdCreateSchema>;
export type InHouseAdCreate = z.output<typeof inHouseAdCreateSchema>;

/** PUT /api/App/inhouse/ads (multipart): adds the id and status; the files are optional. */
export const inHouseAdEditSchema = z
  .object({
    id: idSchema,
    ...inHouseShape,
    status: flag('Status must be true or false'),
    icon: optionalFileSlot(imageRule),
  })
  .superRefine((ad, context) => checkInHouseMedia(ad, context, false))
  .transform(normaliseLimits);
export type InHouseAdEditInput = z.input<typeof inHouseAdEditSchema>;
export type InHouseAdEdit = z.output<typeof inHouseAdEditSchema>;

/** GET /api/App/inhouse/ads: 100 a page on the screen. */
export const inHouseListQuerySchema = pageQuery(inHousePageSize);
