// Multipart forms of the story section: the upload (checked by its bytes) turned into the
// input the core's schemas validate, so the server refuses what the forms refuse, with the
// same messages.
import type { UploadRule } from '@dealdesk/core';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { asFileLike, readUpload, type CheckedFile } from '../../http/uploads.js';

export interface Form<Slot extends string> {
  /** Text fields plus one FileLike per filled slot, for a core schema's `parse`. */
  input: Record<string, unknown>;
  files: Partial<Record<Slot, CheckedFile>>;
}

/**
 * Reads a multipart form whose file slots each hold at most one file; a file refused by its
 * rule answers 415 or 413 before the fields are looked at.
 */
export async function readForm<Slot extends string>(
  request: FastifyRequest,
  rules: Record<Slot, UploadRule>,
): Promise<Form<Slot>> {
  const upload = await readUpload(request, rules);
  const slots = Object.keys(rules) as Slot[];
  // Forms send the unused slot as an empty text field ("plus empty counterparts").
  const input: Record<string, unknown> = Object.fromEntries(
    Object.entries(upload.fields).filter(([name]) => !(slots as string[]).includes(name)),
  );
  const files: Partial<Record<Slot, CheckedFile>> = {};
  for (const slot of slots) {
    const [file, ...extra] = upload.files[slot];
    if (extra.length > 0) throw new HttpError(400, `Send at most one file in ${slot}`);
    if (file === undefined) continue;
    files[slot] = file;
    input[slot] = asFileLike(file);
  }
  return { input, files };
}
