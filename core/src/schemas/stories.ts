// Story videos or images and story ads share one insertData: a story ad is a story with
// adsStory true, and a native (NTV) story ad shows the ad unit NTV_ID instead of a file.
import { z } from 'zod';
import { defaultStoryTime, storyListPageSize } from '../constants.js';
import { idSchema, pageQuery } from './common.js';
import {
  flag,
  jsonPart,
  limitShape,
  normaliseLimits,
  numberInput,
  optionalText,
  optionalWebUrl,
  wholeNumber,
} from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';
import {
  checkMedia,
  imageRule,
  mediaSlots,
  optionalFileSlot,
  thumbnailMessage,
  type FileLike,
} from './uploads.js';

export const storyMessages = {
  storyTime: 'Story time must be 0 or more',
  buttonText: 'Enter the button text',
  buttonUrl: 'Enter a valid button URL',
  nativeAdId: 'Enter the native ad ID',
  nativeOnlyForAds: 'Only a story ad can be a native ad',
  nativeTakesNoFile: 'A native ad story shows its ad unit and takes no file',
  notNegative: 'Enter only positive numbers',
} as const;

const storyShape = {
  storyTime: numberInput(storyMessages.storyTime, {
    checks: (value) => value.min(0, storyMessages.storyTime),
    fallback: defaultStoryTime,
  }),
  adsStory: flag().default(false),
  NTV: flag().default(false),
  NTV_ID: optionalText(atMost('Native ad ID', textLimits.code)),
  btnName: optionalText(atMost('Button text', textLimits.buttonText)),
  btnUrl: optionalWebUrl(storyMessages.buttonUrl, atMost('Button URL', textLimits.url)),
  ...limitShape,
};

interface StoryFields {
  adsStory: boolean;
  NTV: boolean;
  NTV_ID: string;
  btnName: string;
  btnUrl: string;
}

/**
 * A native story ad needs its ad unit id; another story ad its button text and link (spec:
 * "button text and URL (non-NTV), native ad id (NTV)"). A story video or image may go without
 * a button: only a link given must be valid.
 */
function checkStory(story: StoryFields, context: z.RefinementCtx): void {
  const issue = (message: string, field: keyof StoryFields) =>
    context.addIssue({ code: 'custom', message, path: [field] });
  if (story.NTV && !story.adsStory) issue(storyMessages.nativeOnlyForAds, 'NTV');
  else if (story.NTV) {
    if (story.NTV_ID === '') issue(storyMessages.nativeAdId, 'NTV_ID');
  } else if (story.adsStory) {
    if (story.btnName === '') issue(storyMessages.buttonText, 'btnName');
    if (story.btnUrl === '') issue(storyMessages.buttonUrl, 'btnUrl');
  }
}

/** Limits agree with one type, and only a native ad keeps an ad unit id. */
const normaliseStory = <T extends z.output<z.ZodObject<typeof storyShape>>>(story: T): T =>
  normaliseLimits({ ...story, NTV_ID: story.NTV ? story.NTV_ID : '' });

/** insertData of POST /api/App/Add/Story/Video, for story videos or images and story ads. */
export const storyInsertSchema = z
  .object(storyShape)
  .superRefine(checkStory)
  .transform(normaliseStory);
export type StoryInsertInput = z.input<typeof storyInsertSchema>;
export type StoryInsert = z.output<typeof storyInsertSchema>;

/**
 * insertData of PUT /api/App/Edit/story/video: adds the status, and for story ads the
 * (otherwise read-only) view and click counts.
 */
export const storyEditSchema = z
  .object({
    ...storyShape,
    status: flag(),
    view: wholeNumber(storyMessages.notNegative).optional(),
    clickBtnCount: wholeNumber(storyMessages.notNegative).optional(),
  })
  .superRefine(checkStory)
  .transform(normaliseStory);
export type StoryEditInput = z.input<typeof storyEditSchema>;
export type StoryEdit = z.output<typeof storyEditSchema>;

/** The image or video beside insertData: a native ad takes none, other stories one on add. */
function checkStoryMedia(
  body: {
    insertData: { NTV: boolean };
    image?: FileLike | undefined;
    video?: FileLike | undefined;
    thembnal?: FileLike | undefined;
  },
  context: z.RefinementCtx,
  fileRequired: boolean,
): void {
  // A video story's thumbnail (a frame the browser takes) comes with its video; an edit may
  // also send one alone for the video the story already has.
  if (body.thembnal !== undefined && body.image !== undefined) {
    context.addIssue({ code: 'custom', message: thumbnailMessage, path: ['thembnal'] });
  }
  if (!body.insertData.NTV) return checkMedia(body, context, fileRequired);
  if (body.image !== undefined || body.video !== undefined || body.thembnal !== undefined) {
    context.addIssue({ code: 'custom', message: storyMessages.nativeTakesNoFile, path: ['image'] });
  }
}

/** POST /api/App/Add/Story/Video (multipart): insertData, and an image or a video (with its thumbnail). */
export const storyAddSchema = z
  .object({
    insertData: jsonPart(storyInsertSchema, 'insertData'),
    ...mediaSlots(imageRule),
    thembnal: optionalFileSlot(imageRule),
  })
  .superRefine((body, context) => checkStoryMedia(body, context, true));
export type StoryAddInput = z.input<typeof storyAddSchema>;

/** PUT /api/App/Edit/story/video (multipart): _id, insertData, and optionally a new file. */
export const storyEditFieldsSchema = z
  .object({
    _id: idSchema,
    insertData: jsonPart(storyEditSchema, 'insertData'),
    ...mediaSlots(imageRule),
    thembnal: optionalFileSlot(imageRule),
  })
  .superRefine((body, context) => checkStoryMedia(body, context, false));
export type StoryEditFieldsInput = z.input<typeof storyEditFieldsSchema>;

/** GET /api/App/all/only/story/video and /story/ads: the screens ask page 1 of 200. */
export const storyListQuerySchema = pageQuery(storyListPageSize);
