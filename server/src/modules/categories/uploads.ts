// Catalogue uploads (category, subcategory and product images): the multipart form as the
// core's schemas read it, and files saved before the rows that point at them are written,
// removed again when that write fails, so a refused or failed call leaves no file behind.
import type { FileLike } from '@dealdesk/core';
import type { MediaStore } from '../../adapters/media/index.js';
import { HttpError } from '../../http/errors.js';
import { asFileLike, type CheckedFile, type Upload } from '../../http/uploads.js';

/**
 * The text fields and file slots of a multipart body for a core schema: each slot's file, or
 * all of them for the slots named in `lists` (repeated file fields). A form's empty text part
 * in a file slot counts as no file.
 */
export function formOf<Field extends string>(
  { fields, files }: Upload<Field>,
  lists: readonly Field[] = [],
): Record<string, string | FileLike | FileLike[] | undefined> {
  const slots = (Object.entries(files) as [Field, CheckedFile[]][]).map(([name, checked]) => {
    if (lists.includes(name)) return [name, checked.map(asFileLike)] as const;
    if (checked.length > 1) throw new HttpError(400, `Send at most one file in ${name}`);
    const [file] = checked;
    return [name, file === undefined ? undefined : asFileLike(file)] as const;
  });
  const texts = Object.entries(fields).filter(([name]) => !(name in files));
  return { ...Object.fromEntries(texts), ...Object.fromEntries(slots) };
}

/** The file of a slot the route's schema has already required (it answers a missing one). */
export function requiredFile(files: readonly CheckedFile[]): CheckedFile {
  const [file] = files;
  if (file === undefined) throw new Error('a required upload passed validation without a file');
  return file;
}

export async function removeFiles(media: MediaStore, paths: Iterable<string>): Promise<void> {
  await Promise.all([...paths].map((path) => media.remove(path)));
}

/** Saves `files`, runs `write` with their paths (in order), and removes them if it fails. */
export async function withStoredFiles<T>(
  media: MediaStore,
  files: readonly CheckedFile[],
  write: (paths: string[]) => Promise<T>,
): Promise<T> {
  const saved = await Promise.allSettled(files.map((file) => media.save(file)));
  const paths = saved.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  try {
    const failure = saved.find((outcome) => outcome.status === 'rejected');
    if (failure !== undefined) throw failure.reason;
    return await write(paths);
  } catch (error) {
    await removeFiles(media, paths);
    throw error;
  }
}
