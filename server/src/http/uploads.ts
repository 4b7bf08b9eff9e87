// Multipart uploads, checked by their bytes as they arrive: a file's type is what its magic
// numbers say (never its name or the browser's content type), judged on the first bytes, and
// a file stops being read as soon as it passes its size limit or its slot is already full.
// Accepted files are spooled to a temporary file under the data folder, never held whole in
// memory, and streamed to the media store from there; the spool is removed when the call ends.
import { maxFilesInList, type FileLike, type UploadRule } from '@dealdesk/core';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pixelsOf } from '../adapters/media/images.js';
import type { MediaFile } from '../adapters/media/stored-files.js';
import { isRunning } from '../processes.js';
import { HttpError } from './errors.js';
import {
  defaultMaxImagePixels,
  defaultUploadsPerCaller,
  maxUploadsInFlight,
} from './upload-places.js';

/** A file that passed its rule, waiting in the spool until the service stores it. */
export interface CheckedFile extends MediaFile {
  mime: string;
}

/** A checked file as the core's schemas see one, so their file slots give their messages. */
export function asFileLike(file: CheckedFile): FileLike {
  return { name: `upload.${file.ext}`, size: file.size, type: file.mime };
}

/** A multipart form ready for a core schema, and its checked files. */
export interface Form<Slot extends string> {
  /** Text fields plus each slot's file as a FileLike (every file, for list slots). */
  input: Record<string, unknown>;
  /** Each single slot's file, when one was sent. */
  files: Partial<Record<Slot, CheckedFile>>;
  /** Every file of each slot (what list slots hold). */
  lists: Record<Slot, CheckedFile[]>;
  /** Removes the spooled files: the route calls it when the call has ended, stored or not. */
  discard(): Promise<void>;
}

/** The form of a call without files. */
export const noForm: Form<string> = {
  input: {},
  files: {},
  lists: {},
  discard: () => Promise.resolve(),
};

/** Bytes file-type reads to tell a format (its "reasonable detection size"). */
const sniffBytes = 4100;

export const uploadsBusyMessage = 'Too many uploads at once. Please try again in a moment.';

export const callerUploadsBusyMessage =
  'Too many of your uploads at once. Please try again when one has finished.';

/** An image whose header claims more pixels than DEALDESK_MEDIA_MAX_PIXELS (a decompression bomb). */
export const imagePixelsMessage = (maxPixels: number) =>
  `The image has too many pixels: at most ${(maxPixels / 1_000_000).toLocaleString('en')} megapixels (width × height) are allowed.`;

/** A body the multipart parser could not read (no boundary, truncated part, no closing line). */
const malformed = (error: unknown): never => {
  if (error instanceof HttpError) throw error;
  const status = (error as { statusCode?: unknown }).statusCode;
  // The plugin's own refusals (413 limits, 406 not multipart) keep their status.
  if (typeof status === 'number' && status < 500) throw error as Error;
  throw new HttpError(400, `Malformed multipart body: ${(error as Error).message}`);
};

/** The parser's chunks; its failures become 400s, whatever the consumer does with them. */
async function* partBytes(part: MultipartFile): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) yield chunk;
  } catch (error) {
    malformed(error);
  }
}

/** A slot's limit: one file, or maxFilesInList for a list slot. */
const slotMessage = (slot: string, most: number) =>
  most === 1 ? `Send at most one file in ${slot}` : `Send at most ${most} files in ${slot}`;

/**
 * Spools multipart uploads under `dir` (one folder per process, so workers sharing a data
 * folder never remove each other's; folders of processes gone are removed at start).
 * One caller holds at most `perCaller` places; `onCallerRefused` hears of each upload refused
 * for it. An image is refused when its header names more than `maxPixels` (`onPixelsRefused`).
 */
export function uploadSpool(
  dir: string,
  {
    perCaller = defaultUploadsPerCaller,
    onCallerRefused = () => {},
    maxPixels = defaultMaxImagePixels,
    onPixelsRefused = () => {},
  } = {},
) {
  const own = join(dir, String(process.pid));
  let inFlight = 0;
  /** Places held by each token (by its id). */
  const heldBy = new Map<string, number>();

  /** Checks one file part as it streams to its spool file; null for an empty part. */
  async function spoolFile(
    part: MultipartFile,
    rule: UploadRule,
    admit: () => void,
    path: string,
  ): Promise<CheckedFile | null> {
    let size = 0;
    let detected: { ext: string; mime: string } | undefined;
    async function* checked(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      let head: Buffer[] = [];
      const judge = async () => {
        const type = await fileTypeFromBuffer(Buffer.concat(head));
        if (type === undefined || !rule.extensions.includes(type.ext))
          throw new HttpError(415, rule.typeMessage);
        detected = type;
        const held = head;
        head = [];
        return held;
      };
      for await (const chunk of source) {
        if (size === 0 && chunk.length > 0) admit();
        size += chunk.length;
        if (size > rule.maxBytes) throw new HttpError(413, rule.sizeMessage);
        if (detected !== undefined) {
          yield chunk;
          continue;
        }
        head.push(chunk);
        if (size >= sniffBytes) yield* await judge();
      }
      if (detected === undefined && size > 0) yield* await judge();
    }
    // Made here, not before the first part: the parser must take the body before any wait.
    await mkdir(own, { recursive: true });
    const sink = createWriteStream(path, { flags: 'wx' });
    try {
      await pipeline(partBytes(part), checked, sink);
    } catch (error) {
      // A part refused at its first bytes can fail before the file is even opened: wait until
      // it is closed, or the form's clean-up could run first and the file appear after it.
      if (!sink.closed) await once(sink, 'close');
      throw error;
    }
    // Forms send an empty part for a file slot left blank (e.g. the image beside a video).
    if (detected === undefined) return null;
    // Its header only, before anything decodes it: a few KB can claim 50,000 × 50,000 pixels.
    if (detected.mime.startsWith('image/') && ((await pixelsOf(path)) ?? 0) > maxPixels) {
      onPixelsRefused();
      throw new HttpError(413, imagePixelsMessage(maxPixels));
    }
    return { ...detected, size, open: () => createReadStream(path) };
  }

  /**
   * Reads a multipart form for a core schema: files are checked by their bytes first (415,
   * 413), then the route parses `input` with the spec's messages. A slot holds one file unless
   * named in `listSlots` (then up to maxFilesInList); a form's empty part in a file slot
   * counts as no file. `holder` is the caller's token id (null: a call without a caller).
   */
  async function read<Slot extends string>(
    request: FastifyRequest,
    rules: Record<Slot, UploadRule>,
    listSlots: readonly Slot[] = [],
    holder: string | null = null,
  ): Promise<Form<Slot>> {
    if (!request.isMultipart()) throw new HttpError(400, 'Expected a multipart/form-data body');
    // A form takes a place once its first file's bytes come: forms of fields alone (a product
    // with image links) spool nothing and are never refused as busy.
    let holding = false;
    const held = () => (holder === null ? 0 : (heldBy.get(holder) ?? 0));
    const hold = () => {
      if (holding) return;
      if (held() >= perCaller) {
        onCallerRefused();
        throw new HttpError(503, callerUploadsBusyMessage);
      }
      if (inFlight >= maxUploadsInFlight) throw new HttpError(503, uploadsBusyMessage);
      inFlight += 1;
      if (holder !== null) heldBy.set(holder, held() + 1);
      holding = true;
    };
    const letGo = () => {
      inFlight -= 1;
      if (holder === null) return;
      if (held() <= 1) heldBy.delete(holder);
      else heldBy.set(holder, held() - 1);
    };
    let released = false;
    /** Every spool file this form made, kept or not. */
    const paths: string[] = [];
    const slots = Object.keys(rules) as Slot[];
    const lists = Object.fromEntries(slots.map((slot) => [slot, []])) as unknown as Record<
      Slot,
      CheckedFile[]
    >;
    const discard = async () => {
      if (released) return;
      released = true;
      if (holding) letGo();
      await Promise.all(paths.map((path) => rm(path, { force: true })));
    };
    const fields: Record<string, string> = {};
    const largest = Math.max(...slots.map((slot) => rules[slot].maxBytes));
    const parts = request.parts({ limits: { fileSize: largest + 1 } })[Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = await parts.next().catch(malformed);
        if (next.done === true) break;
        const part = next.value;
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const slot = part.fieldname as Slot;
        if (!slots.includes(slot)) throw new HttpError(400, `Unexpected file field: ${slot}`);
        const most = listSlots.includes(slot) ? maxFilesInList : 1;
        const path = join(own, randomBytes(12).toString('hex'));
        paths.push(path);
        const admit = () => {
          if (lists[slot].length >= most) throw new HttpError(400, slotMessage(slot, most));
          hold();
        };
        const file = await spoolFile(part, rules[slot], admit, path);
        if (file !== null) lists[slot].push(file);
      }
    } catch (error) {
      await discard();
      throw error;
    }
    const input: Record<string, unknown> = Object.fromEntries(
      Object.entries(fields).filter(([name]) => !(name in rules)),
    );
    const files: Partial<Record<Slot, CheckedFile>> = {};
    for (const slot of slots) {
      if (listSlots.includes(slot)) {
        input[slot] = lists[slot].map(asFileLike);
        continue;
      }
      const [file] = lists[slot];
      if (file === undefined) continue;
      files[slot] = file;
      input[slot] = asFileLike(file);
    }
    return { input, files, lists, discard };
  }

  return {
    read,
    /** Removes the spool folders of processes that are gone (a crash mid-upload). */
    async sweep(): Promise<void> {
      const folders = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        folders
          .filter((name) => name !== String(process.pid) && !isRunning(Number(name)))
          .map((name) => rm(join(dir, name), { recursive: true, force: true })),
      );
    },
  };
}

export type UploadSpool = ReturnType<typeof uploadSpool>;

/** The file of a slot the route's schema has already required (it answers a missing one). */
export function requiredFile(file: CheckedFile | undefined): CheckedFile {
  if (file === undefined) throw new Error('a required upload passed validation without a file');
  return file;
}
