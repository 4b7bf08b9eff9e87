// Catalogue uploads (category, subcategory and product images): the multipart form as the
// core's schemas read it. Storing the files is adapters/media/stored-files.ts.
import type { FileLike } from '@dealdesk/core';
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
