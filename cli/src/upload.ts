import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { extensionOf, mimeTypeByExtension, type FileLike, type UploadFile } from '@dealdesk/core';
import { usageError } from './exit.js';

/** A file named on the command line: what the core's file rules check, and what is sent. */
export interface LocalUpload {
  like: FileLike;
  read(): Promise<UploadFile>;
}

/** Looks at the file without reading it, so a huge file is refused by size, not loaded. */
export async function localUpload(path: string): Promise<LocalUpload> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch (error) {
    throw usageError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  const name = basename(path);
  const type = mimeTypeByExtension[extensionOf(name)] ?? '';
  return {
    like: { name, size, type },
    read: async () => ({ name, type, data: new Uint8Array(await readFile(path)) }),
  };
}
