import { z } from 'zod';
import { viewClickLimitsSchema } from './common.js';

/** A shortcut story (story brand). The form calls `name` the title. */
export const shortcutStorySchema = z.object({
  _id: z.string(),
  s_no: z.number(),
  name: z.string(),
  url: z.string(),
  logo: z.string(),
  status: z.boolean(),
  clickCount: z.number(),
  createdAt: z.string(),
});
export type ShortcutStory = z.infer<typeof shortcutStorySchema>;

export const storyVideoSchema = viewClickLimitsSchema.extend({
  _id: z.string(),
  status: z.boolean(),
  view: z.number(),
  clickBtnCount: z.number(),
  /** Thumbnail URL (spelled so on the wire). */
  thembnal: z.string(),
  image: z.string(),
  video: z.string(),
  date_time: z.string(),
  /** Seconds an image story stays on screen. */
  storyTime: z.number(),
  adsStory: z.boolean(),
  btnName: z.string(),
  btnUrl: z.string(),
});
export type StoryVideo = z.infer<typeof storyVideoSchema>;

export const storyAdSchema = storyVideoSchema.extend({
  web_Url: z.string(),
  /** A native ad story: shows the ad unit NTV_ID instead of a file. */
  NTV: z.boolean(),
  NTV_ID: z.string(),
});
export type StoryAd = z.infer<typeof storyAdSchema>;

export const storyAdTypes = ['Video', 'Image', 'NTV'] as const;
export type StoryAdType = (typeof storyAdTypes)[number];

export const bannerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  url: z.string(),
  image: z.string(),
  video: z.string(),
  status: z.boolean(),
  clickCount: z.number(),
  date_time: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannerTypes = ['Image', 'Video'] as const;
export type BannerType = (typeof bannerTypes)[number];
