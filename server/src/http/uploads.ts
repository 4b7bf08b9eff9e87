// Multipart uploads, checked by their bytes: a file's type is what its magic numbers say,
// never its name or the browser's content type, and a file stops being read as soon as it
// passes its size limit (413 before the rest arrives).
import type { FileLike, UploadRule } from '@dealdesk/core';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from './errors.js';

/** A file that passed its rule, held in memory until the service stores it. */
export interface CheckedFile {
  bytes: Buffer;
  /** From the bytes: png, jpg, gif, mp4... */
  ext: string;
  mime: string;
}

/** A checked file as the core's schemas see one, so their file slots give their messages. */
export function asFileLike(file: CheckedFile): FileLike {
  return { name: `upload.${file.ext}`, size: file.bytes.length, type: file.mime };
}

export interface Upload<Field extends string> {
  /** Text fields; JSON parts (insertData, productData) stay text for the route's schema. */
  fields: Record<string, string>;
  files: Record<Field, CheckedFile[]>;
}

async function readWithin(part: MultipartFile, rule: UploadRule): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > rule.maxBytes) throw new HttpError(413, rule.sizeMessage);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function checkFile(part: MultipartFile, rule: UploadRule): Promise<CheckedFile | null> {
  const bytes = await readWithin(part, rule);
  // Forms send an empty part for a file slot left blank (e.g. the image beside a video).
  if (bytes.length === 0) return null;
  const detected = await fileTypeFromBuffer(bytes);
  if (detected === undefined || !rule.extensions.includes(detected.ext)) {
    throw new HttpError(415, rule.typeMessage);
  }
  return { bytes, ext: detected.ext, mime: detected.mime };
}

/**
 * Reads a multipart body: each file field must have a rule, and every file is checked
 * before anything is stored, so a rejected upload leaves nothing behind.
 */
export async function readUpload<Field extends string>(
  request: FastifyRequest,
  rules: Record<Field, UploadRule>,
): Promise<Upload<Field>> {
  if (!request.isMultipart()) throw new HttpError(400, 'Expected a multipart/form-data body');
  const fieldNames = Object.keys(rules) as Field[];
  const files = {} as Record<Field, CheckedFile[]>;
  for (const name of fieldNames) files[name] = [];
  const fields: Record<string, string> = {};
  const largest = Math.max(...fieldNames.map((name) => rules[name].maxBytes));
  for await (const part of request.parts({ limits: { fileSize: largest + 1 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const name = part.fieldname as Field;
    if (!fieldNames.includes(name))
      throw new HttpError(400, `Unexpected file field: ${part.fieldname}`);
    const checked = await checkFile(part, rules[name]);
    if (checked !== null) files[name].push(checked);
  }
  return { fields, files };
}

/** A multipart form ready for a core schema, and its checked files. */
export interface Form<Slot extends string> {
  /** Text fields plus each slot's file as a FileLike (every file, for list slots). */
  input: Record<string, unknown>;
  /** Each single slot's file, when one was sent. */
  files: Partial<Record<Slot, CheckedFile>>;
  /** Every file of each slot (what list slots hold). */
  lists: Record<Slot, CheckedFile[]>;
}

/**
 * Reads a multipart form for a core schema: files are checked by their bytes first (415, 413),
 * then the route parses `input` with the spec's messages. A slot holds one file unless named
 * in `listSlots`; a form's empty text part in a file slot ("plus empty counterparts") counts as
 * no file.
 */
export async function readForm<Slot extends string>(
  request: FastifyRequest,
  rules: Record<Slot, UploadRule>,
  listSlots: readonly Slot[] = [],
): Promise<Form<Slot>> {
  const upload = await readUpload(request, rules);
  const input: Record<string, unknown> = Object.fromEntries(
    Object.entries(upload.fields).filter(([name]) => !(name in rules)),
  );
  const files: Partial<Record<Slot, CheckedFile>> = {};
  for (const slot of Object.keys(rules) as Slot[]) {
    const checked = upload.files[slot];
    if (listSlots.includes(slot)) {
      input[slot] = checked.map(asFileLike);
      continue;
    }
    const [file, ...extra] = checked;
    if (extra.length > 0) throw new HttpError(400, `Send at most one file in ${slot}`);
    if (file === undefined) continue;
    files[slot] = file;
    input[slot] = asFileLike(file);
  }
  return { input, files, lists: upload.files };
}

/** The file of a slot the route's schema has already required (it answers a missing one). */
export function requiredFile(file: CheckedFile | undefined): CheckedFile {
  if (file === undefined) throw new Error('a required upload passed validation without a file');
  return file;
}
