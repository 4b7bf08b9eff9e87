// Files of the story section's items: saved before the row that points at them is written
// (and removed again if that write fails), removed after the row that pointed at them is gone.
import type { MediaStore } from '../../adapters/media/index.js';

/** A file to store: its bytes and the extension its bytes gave. */
export interface MediaFile {
  bytes: Uint8Array;
  ext: string;
}

/** The image and video slots of stories and banners: at most one of the two is given. */
export interface MediaPair {
  image?: MediaFile | undefined;
  video?: MediaFile | undefined;
}

export interface MediaPaths {
  image: string;
  video: string;
}

/** Removes stored files; '' (no file) is skipped. */
export async function removeMedia(media: MediaStore, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.filter((path) => path !== '').map((path) => media.remove(path)));
}

/**
 * Saves the given files (one per slot: image, video, a story's thumbnail), then runs the write
 * that records their paths; when the write fails the new files are removed, so a refused edit
 * leaves nothing behind.
 */
export async function withSavedMedia<Slot extends string, T>(
  media: MediaStore,
  files: Partial<Record<Slot, MediaFile | undefined>>,
  write: (saved: Partial<Record<Slot, string>>) => Promise<T>,
): Promise<T> {
  const saved: Partial<Record<Slot, string>> = {};
  for (const [slot, file] of Object.entries(files) as [Slot, MediaFile | undefined][])
    if (file !== undefined) saved[slot] = await media.save(file);
  try {
    return await write(saved);
  } catch (error) {
    await removeMedia(
      media,
      Object.values<string | undefined>(saved).filter((path) => path !== undefined),
    );
    throw error;
  }
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
