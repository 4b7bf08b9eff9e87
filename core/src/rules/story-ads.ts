import type { StoryAdType } from '../entities/stories.js';

/** What decides a story ad's type: a video file or address, and the native-ad flag. */
export interface StoryAdTypeSource {
  video?: unknown;
  NTV?: boolean;
}

/** A video present means Video, else NTV true means a native ad story, else Image (spec). */
export function storyAdTypeOf(ad: StoryAdTypeSource): StoryAdType {
  if (hasVideo(ad.video)) return 'Video';
  return ad.NTV === true ? 'NTV' : 'Image';
}

// A stored ad holds '' when it has no video; a form holds a file or nothing.
function hasVideo(video: unknown): boolean {
  if (typeof video === 'string') return video.trim() !== '';
  return video !== undefined && video !== null;
}
