import type { Id, ViewClickLimits } from './common.js';

/** A shortcut story (story brand). The form calls `name` the title. */
export interface ShortcutStory {
  _id: Id;
  s_no: number;
  name: string;
  url: string;
  logo: string;
  status: boolean;
  clickCount: number;
  createdAt: string;
}

export interface StoryVideo extends ViewClickLimits {
  _id: Id;
  status: boolean;
  view: number;
  clickBtnCount: number;
  /** Thumbnail URL (spelled so on the wire). */
  thembnal: string;
  image: string;
  video: string;
  date_time: string;
  /** Seconds an image story stays on screen. */
  storyTime: number;
  adsStory: boolean;
  btnName: string;
  btnUrl: string;
}

export interface StoryAd extends StoryVideo {
  web_Url: string;
  /** A native ad story: shows the ad unit NTV_ID instead of a file. */
  NTV: boolean;
  NTV_ID: string;
}

export const storyTypes = ['Video', 'Image'] as const;
export type StoryType = (typeof storyTypes)[number];
export const storyAdTypes = ['Video', 'Image', 'NTV'] as const;
export type StoryAdType = (typeof storyAdTypes)[number];

export interface Banner {
  _id: Id;
  name: string;
  url: string;
  image: string;
  video: string;
  status: boolean;
  clickCount: number;
  date_time: string;
}

export const bannerTypes = ['Image', 'Video'] as const;
export type BannerType = (typeof bannerTypes)[number];
