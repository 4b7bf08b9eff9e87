// Shortcut stories, story videos and images, story ads and banners (spec part 1).
import { z } from 'zod';
import {
  bannerSchema,
  shortcutStorySchema,
  storyAdSchema,
  storyVideoSchema,
  type Banner,
  type ShortcutStory,
  type StoryAd,
} from '../../entities/index.js';
import {
  bannerAddSchema,
  bannerEditSchema,
  bannerImageAddRule,
  bannerImageUpdateRule,
  bannerListQuerySchema,
  byIdSchema,
  idListSchema,
  idStatusChangeSchema,
  imageRule,
  shortcutAddSchema,
  shortcutEditSchema,
  shortcutImageRule,
  shortcutListQuerySchema,
  statusChangeSchema,
  storyAddSchema,
  storyEditFieldsSchema,
  storyListQuerySchema,
  videoRule,
  type BannerAddInput,
  type BannerEditInput,
  type BannerEditInsertInput,
  type BannerInsertInput,
  type IdStatusChangeInput,
  type ShortcutAddInput,
  type ShortcutEditInput,
  type StoryAddInput,
  type StoryEditFieldsInput,
  type StoryEditInput,
  type StoryInsertInput,
} from '../../schemas/index.js';
import type { ClientInput } from '../client.js';
import {
  endpoint,
  endpointTaking,
  envelopeBody,
  jsonBody,
  multipartBody,
  noFields,
} from '../endpoint.js';
import type { PageRequest } from './pages.js';

export type ShortcutAddRequest = ClientInput<ShortcutAddInput, ShortcutStory>;
export type ShortcutEditRequest = ClientInput<ShortcutEditInput, ShortcutStory>;
export type StoryInsertData = ClientInput<StoryInsertInput, StoryAd>;
export type StoryEditData = ClientInput<StoryEditInput, StoryAd>;
export type StoryAddRequest = ClientInput<StoryAddInput, { insertData: StoryInsertData }>;
export type StoryEditRequest = ClientInput<StoryEditFieldsInput, { insertData: StoryEditData }>;
export type BannerAddRequest = ClientInput<
  BannerAddInput,
  { insertData: ClientInput<BannerInsertInput, Banner> }
>;
export type BannerEditRequest = ClientInput<
  BannerEditInput,
  { insertData: ClientInput<BannerEditInsertInput, Banner> }
>;

/** Success messages shared by several calls of the section. */
const storyAnswers = {
  status: 'Status updated successfully',
  deleted: 'Deleted successfully',
} as const;

const shortcutAnswer = z.object({ data: shortcutStorySchema });
const logoSlot = { image: shortcutImageRule };

/** Shortcut stories (story brands), under the spec's `/api/sortcut`. */
export const shortcuts = {
  list: endpointTaking<PageRequest>()({
    method: 'GET',
    path: '/api/sortcut',
    access: 'admin',
    role: 'viewer',
    summary: 'A page of shortcut stories, the next free s_no and the section switch',
    query: shortcutListQuerySchema,
    answer: z.object({
      data: z.array(shortcutStorySchema),
      next_s_no: z.number(),
      secondStoryBrand: z.boolean(),
    }),
    message: 'Shortcut stories',
  }),
  add: endpointTaking<ShortcutAddRequest>()({
    method: 'POST',
    path: '/api/sortcut',
    access: 'admin',
    role: 'editor',
    summary: 'Adds a shortcut story with its logo',
    body: multipartBody(shortcutAddSchema, logoSlot),
    answer: shortcutAnswer,
    message: 'Shortcut added successfully',
    idempotent: true,
  }),
  edit: endpointTaking<ShortcutEditRequest>()({
    method: 'PUT',
    path: '/api/sortcut',
    access: 'admin',
    role: 'editor',
    summary: 'Changes a shortcut story (a new logo optional)',
    body: multipartBody(shortcutEditSchema, logoSlot),
    answer: shortcutAnswer,
    message: 'Shortcut updated successfully',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/sortcut',
    access: 'admin',
    role: 'editor',
    summary: 'Deletes shortcut stories',
    body: envelopeBody(idListSchema),
    answer: noFields,
    message: storyAnswers.deleted,
  }),
  setStatus: endpoint({
    method: 'PUT',
    path: '/api/sortcut/status',
    access: 'admin',
    role: 'editor',
    summary: 'Switches a shortcut story on or off',
    body: envelopeBody(statusChangeSchema),
    answer: shortcutAnswer,
    message: storyAnswers.status,
  }),
};

/** A story as the lists answer it: running while active and within its View or Click limit. */
const running = z.object({ running: z.boolean() });
const runningStory = storyVideoSchema.extend(running.shape);
const runningStoryAd = storyAdSchema.extend(running.shape);
export type RunningStory = z.infer<typeof runningStory>;

const mediaSlots = { image: imageRule, video: videoRule, thembnal: imageRule };

/** One edit call for both kinds: a story ad's insertData carries adsStory true, NTV, view... */
const editStory = endpointTaking<StoryEditRequest>()({
  method: 'PUT',
  path: '/api/App/Edit/story/video',
  access: 'admin',
  role: 'editor',
  summary: 'Changes a story or a story ad (its own kind decides)',
  body: multipartBody(storyEditFieldsSchema, mediaSlots),
  answer: z.object({ data: runningStoryAd.partial({ web_Url: true, NTV: true, NTV_ID: true }) }),
  message: 'Story updated successfully!',
});

/** Stories and story ads live side by side: `video` and `ads` name them in their paths. */
function storyCalls<Story extends z.ZodObject, ListFields extends z.ZodRawShape>(
  kind: 'video' | 'ads',
  names: { one: string; list: string; addPath: string; added: string },
  story: Story,
  listFields: ListFields,
) {
  const one = z.object({ data: story });
  return {
    list: endpointTaking<PageRequest>()({
      method: 'GET',
      path: `/api/App/all/only/story/${kind}`,
      access: 'admin',
      role: 'viewer',
      summary: `A page of ${names.list}`,
      query: storyListQuerySchema,
      answer: z.object({ data: z.array(story) }).extend(listFields),
      message: kind === 'video' ? 'Story list' : 'Story ads list',
    }),
    find: endpoint({
      method: 'GET',
      path: `/api/App/story/${kind}/find`,
      access: 'admin',
      role: 'viewer',
      summary: `One ${names.one}`,
      query: byIdSchema,
      answer: one,
      message: 'Story found',
    }),
    /** insertData travels as JSON text beside the image or video file. */
    add: endpointTaking<StoryAddRequest>()({
      method: 'POST',
      path: names.addPath,
      access: 'admin',
      role: 'editor',
      summary: `Adds ${names.one} with its image or video`,
      body: multipartBody(storyAddSchema, mediaSlots),
      answer: one,
      message: names.added,
      idempotent: true,
    }),
    edit: editStory,
    remove: endpoint({
      method: 'DELETE',
      path: `/api/App/delete/story/${kind}`,
      access: 'admin',
      role: 'editor',
      summary: `Deletes ${names.list}`,
      body: envelopeBody(idListSchema),
      answer: noFields,
      message: storyAnswers.deleted,
    }),
    /** The spec sends this switch as plain JSON, not in the envelope. */
    setStatus: endpoint({
      method: 'PUT',
      path: `/api/App/story/${kind}/status`,
      access: 'admin',
      role: 'editor',
      summary: `Switches ${names.one} on or off`,
      body: jsonBody(statusChangeSchema),
      answer: one,
      message: storyAnswers.status,
    }),
  };
}

/** Story videos and images. */
export const stories = storyCalls(
  'video',
  {
    one: 'a story',
    list: 'stories',
    addPath: '/api/App/Add/Story/Video',
    added: 'Story added successfully',
  },
  runningStory,
  { firstStoryVideo: z.boolean() },
);

/** Story ads; their add path is ours (the spec leaves it out). */
export const storyAds = storyCalls(
  'ads',
  {
    one: 'a story ad',
    list: 'story ads',
    addPath: '/api/App/Add/Story/Ads',
    added: 'Story ad added successfully',
  },
  runningStoryAd,
  {},
);

const bannerAnswer = z.object({ data: bannerSchema });

/** The b1 banners. */
export const banners = {
  list: endpointTaking<PageRequest>()({
    method: 'GET',
    path: '/api/App/all/banner/b1',
    access: 'admin',
    role: 'viewer',
    summary: 'A page of banners and the banner switch',
    query: bannerListQuerySchema,
    answer: z.object({ data: z.array(bannerSchema), bannerStatus: z.boolean() }),
    message: 'Banner list',
  }),
  add: endpointTaking<BannerAddRequest>()({
    method: 'POST',
    path: '/api/App/add/banner/b1',
    access: 'admin',
    role: 'editor',
    summary: 'Adds a banner with its image or video',
    body: multipartBody(bannerAddSchema, { image: bannerImageAddRule, video: videoRule }),
    answer: bannerAnswer,
    message: 'Banner added successfully',
    idempotent: true,
  }),
  find: endpoint({
    method: 'GET',
    path: '/api/App/find/banner/b1',
    access: 'admin',
    role: 'viewer',
    summary: 'One banner',
    query: byIdSchema,
    answer: bannerAnswer,
    message: 'Banner found',
  }),
  /** The update screen words a refused image as the GIF-and-PNG message (spec). */
  edit: endpointTaking<BannerEditRequest>()({
    method: 'PUT',
    path: '/api/App/edit/banner/b1',
    access: 'admin',
    role: 'editor',
    summary: 'Changes a banner (new media optional)',
    body: multipartBody(bannerEditSchema, { image: bannerImageUpdateRule, video: videoRule }),
    answer: bannerAnswer,
    message: 'Banner updated successfully',
  }),
  setStatus: endpointTaking<ClientInput<IdStatusChangeInput, { status: boolean }>>()({
    method: 'PUT',
    path: '/api/App/status/edit/banner/b1',
    access: 'admin',
    role: 'editor',
    summary: 'Switches a banner on or off',
    body: envelopeBody(idStatusChangeSchema),
    answer: bannerAnswer,
    message: storyAnswers.status,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/App/delete/banner/b1',
    access: 'admin',
    role: 'editor',
    summary: 'Deletes banners',
    body: envelopeBody(idListSchema),
    answer: noFields,
    message: storyAnswers.deleted,
  }),
};
