// Where uploaded files live. Local disk under <data dir>/media for now; an object-storage
// adapter (S3-compatible) implements the same interface later. Files are served under /media/.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { newId } from '../../ids.js';

export const mediaPrefix = '/media/';

export interface MediaStore {
  /** Stores the bytes under a generated name and answers the public path (/media/<name>). */
  save(file: { bytes: Uint8Array; ext: string }): Promise<string>;
  /** Removes a file saved earlier; unknown paths are ignored. */
  remove(path: string): Promise<void>;
  /** Throws, saying why, when files cannot be stored now (GET /ready). */
  checkWritable(): Promise<void>;
}

export function createDiskMediaStore(dir: string): MediaStore {
  return {
    async save({ bytes, ext }) {
      await mkdir(dir, { recursive: true });
      // Never a client-supplied name: a time-ordered id plus random bytes, and the type's extension.
      const name = `${newId()}${randomBytes(4).toString('hex')}.${ext}`;
      await writeFile(join(dir, name), bytes, { flag: 'wx' });
      return `${mediaPrefix}${name}`;
    },
    async remove(path) {
      if (!path.startsWith(mediaPrefix)) return;
      // basename() keeps a crafted path ('/media/../x') inside the media folder.
      await rm(join(dir, basename(path)), { force: true });
    },
    async checkWritable() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    },
  };
}
