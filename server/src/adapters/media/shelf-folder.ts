// The data folder's variant shelf: <media>-variants/<original name>/<width>.<ext>, beside the
// media folder, not in it: never served straight, not in backups (variants are made again).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { KeptVariant, VariantShelf } from './variants.js';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** What a file holds with its tag: size and time of writing, hex (a file is never rewritten). */
async function keptAt(path: string): Promise<KeptVariant | null> {
  try {
    const [bytes, about] = await Promise.all([readFile(path), stat(path)]);
    return { bytes, tag: `${about.size.toString(16)}-${Math.floor(about.mtimeMs).toString(16)}` };
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

export function folderShelf(mediaDir: string, variantsDir: string): VariantShelf {
  return {
    get: (key) => keptAt(join(variantsDir, key)),
    async put(key, bytes) {
      const path = join(variantsDir, key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const aside = `${path}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(aside, bytes);
      await rename(aside, path);
      // Gone already only when its original was removed meanwhile: answered this once.
      return (await keptAt(path)) ?? { bytes, tag: randomBytes(6).toString('hex') };
    },
    async original(name) {
      return readFile(join(mediaDir, basename(name))).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
    },
    async drop(name) {
      await rm(join(variantsDir, basename(name)), { recursive: true, force: true });
    },
  };
}
