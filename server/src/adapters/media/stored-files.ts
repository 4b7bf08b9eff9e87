// Files saved before the rows that point at them are written, and removed again when that
// write (or saving another of them) fails: a refused or failed call leaves no file behind.
// Every module that stores uploads goes through these.
import { Readable } from 'node:stream';
import type { MediaFile, MediaStore } from './index.js';

export type { MediaFile };

/** A file held in memory (generated demo images, tests) as the stores take one. */
export const fileFromBytes = (bytes: Uint8Array, ext: string): MediaFile => ({
  ext,
  size: bytes.length,
  open: () => Readable.from([bytes]),
});

/** Each place's stored path: a string where a file was given, else undefined. */
type PathsOf<Files extends readonly (MediaFile | undefined)[]> = {
  [Place in keyof Files]: Files[Place] extends MediaFile ? string : string | undefined;
};

/** Removes stored files; '' and undefined (no file) are skipped. */
export async function removeStored(
  media: MediaStore,
  paths: Iterable<string | undefined>,
): Promise<void> {
  const stored = [...paths].filter((path): path is string => path !== undefined && path !== '');
  await Promise.all(stored.map((path) => media.remove(path)));
}

/**
 * Saves the files (undefined: none in that place), then runs `write` with their paths in the
 * same places; removes them all if a save or the write fails.
 */
export async function withStoredFiles<const Files extends readonly (MediaFile | undefined)[], T>(
  media: MediaStore,
  files: Files,
  write: (paths: PathsOf<Files>) => Promise<T>,
): Promise<T> {
  const saved = await Promise.allSettled(
    files.map((file) => (file === undefined ? Promise.resolve(undefined) : media.save(file))),
  );
  const paths = saved.map((outcome) =>
    outcome.status === 'fulfilled' ? outcome.value : undefined,
  );
  let written: T;
  try {
    const failure = saved.find((outcome) => outcome.status === 'rejected');
    if (failure !== undefined) throw failure.reason;
    written = await write(paths as PathsOf<Files>);
  } catch (error) {
    await removeStored(media, paths);
    throw error;
  }
  await media.settle(paths);
  return written;
}

/** withStoredFiles for files named by slot (image, video, thumbnail): the paths by slot. */
export function withStoredSlots<Slot extends string, T>(
  media: MediaStore,
  files: Partial<Record<Slot, MediaFile | undefined>>,
  write: (saved: Partial<Record<Slot, string>>) => Promise<T>,
): Promise<T> {
  const slots = Object.keys(files) as Slot[];
  return withStoredFiles(
    media,
    slots.map((slot) => files[slot]),
    (paths) =>
      write(
        Object.fromEntries(
          slots.flatMap((slot, at) => (paths[at] === undefined ? [] : [[slot, paths[at]]])),
        ) as Partial<Record<Slot, string>>,
      ),
  );
}
