// The image-or-video pair of stories and banners: which files an edit keeps or replaces.
// Storing and removing files is adapters/media/stored-files.ts.
import type { MediaFile } from '../adapters/media/stored-files.js';

/** The image and video slots of stories and banners: at most one of the two is given. */
export interface MediaPair {
  image?: MediaFile | undefined;
  video?: MediaFile | undefined;
}

export interface MediaPaths {
  image: string;
  video: string;
}

/**
 * The media of an item after an edit: a new image replaces whatever file it had, a new video
 * likewise; without a new file the item keeps its own. Answers the paths no longer used.
 */
export function replaceMedia(
  current: MediaPaths,
  saved: Partial<MediaPaths>,
): { next: MediaPaths; unused: string[] } {
  if (saved.image === undefined && saved.video === undefined) {
    return { next: { image: current.image, video: current.video }, unused: [] };
  }
  const next = { image: saved.image ?? '', video: saved.video ?? '' };
  return { next, unused: [current.image, current.video] };
}
