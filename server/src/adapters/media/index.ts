// Where uploaded files live: the data folder's media/ (the default) or an S3-compatible object
// store (s3.ts), behind one interface. Files are named once (a time-ordered id, random bytes
// and the extension their bytes showed) and never changed. Their links are /media/<name>,
// served by this server, or <DEALDESK_MEDIA_PUBLIC_URL>/<name> (a CDN or a public bucket).
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { access, mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newId } from '../../ids.js';
import { folderShelf } from './shelf-folder.js';
import type { VariantShelf } from './variants.js';

export const mediaPrefix = '/media/';

/** A stored file (or the byte range asked) as GET /media/<name> sends it. */
export interface MediaFileRead {
  body: Readable;
  length: number;
  type: string;
  /** With a Range asked: `bytes start-end/total` (then the answer is 206). */
  range: string | null;
}

/** How GET /media/<name> reaches the files: a folder served as it is, or reads from the store. */
export type MediaServing =
  | { folder: string }
  | { read(name: string, range: string | undefined): Promise<MediaFileRead | null> };

/**
 * A file to store: the extension its bytes gave, its size, and its bytes as a stream (an upload
 * is spooled to a temporary file first, so it is never held whole in memory).
 */
export interface MediaFile {
  ext: string;
  size: number;
  open(): Readable;
}

export interface MediaStore {
  /** Streams the file in under a new name (or the one given) and answers the file's link. */
  save(file: MediaFile, name?: string): Promise<string>;
  /** Removes a file saved earlier and its variants; links of no stored file are ignored. */
  remove(link: string): Promise<void>;
  /** The link of a stored file's name (a resent notification's icon). */
  linkOf(name: string): string;
  /** The stored name a link points at; null for a link to no stored file. */
  nameOf(link: string): string | null;
  /**
   * The rows that point at these saved files are written (pending.ts notes each save until
   * then; a store that notes nothing has nothing to do).
   */
  settle(links: Iterable<string | undefined>): Promise<void>;
  served: MediaServing;
  /** Where the resized variants of its photos are kept (variants.ts). */
  variants: VariantShelf;
  /** Throws, saying why, when files cannot be stored now (GET /ready). */
  checkWritable(): Promise<void>;
}

/** A new file's name: never a client-supplied one. */
export const newMediaName = (ext: string) => `${newId()}${randomBytes(4).toString('hex')}.${ext}`;

/** How links and names map: /media/<name>, or under the public base when one is set. */
export function mediaLinks(publicUrl: string | null) {
  const base = publicUrl === null ? mediaPrefix : `${publicUrl.replace(/\/+$/, '')}/`;
  return {
    linkOf: (name: string) => `${base}${name}`,
    /** The stored name a link points at (basename: a crafted '../x' stays inside); null if none. */
    nameOf: (link: string): string | null => {
      const path = link.startsWith(base) ? link : link.startsWith(mediaPrefix) ? link : null;
      const name = path === null ? '' : basename(path);
      return name === '' || name === '..' ? null : name;
    },
  };
}

export function createDiskMediaStore(dir: string, publicUrl: string | null = null): MediaStore {
  const links = mediaLinks(publicUrl);
  const variants = folderShelf(dir, `${dir}-variants`);
  return {
    async save(file, name = newMediaName(file.ext)) {
      await mkdir(dir, { recursive: true });
      try {
        await pipeline(file.open(), createWriteStream(join(dir, name), { flags: 'wx' }));
      } catch (error) {
        await rm(join(dir, name), { force: true });
        throw error;
      }
      return links.linkOf(name);
    },
    async remove(link) {
      const name = links.nameOf(link);
      if (name === null) return;
      await rm(join(dir, name), { force: true });
      await variants.drop(name);
    },
    linkOf: links.linkOf,
    nameOf: links.nameOf,
    settle: () => Promise.resolve(),
    served: { folder: dir },
    variants,
    async checkWritable() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    },
  };
}
