// Where `-o <file>` writes, as cp and tee do: a regular file (or a new one) is written beside
// itself and renamed over it when complete, so a failed write leaves the old file; a device or
// a FIFO (/dev/null, /dev/stdout, a named pipe) is written into, never replaced; a directory is
// refused before anything is asked of the server. A symlink is followed: its target is written,
// and the link stays a link.
import { createWriteStream, type WriteStream } from 'node:fs';
import { chmod, realpath, rename, rm, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { usageError } from './exit.js';

/** An output file being written: its stream, then done (keep it) or abandon (a failure). */
export interface OutputFile {
  stream: WriteStream;
  done(): Promise<void>;
  abandon(): Promise<void>;
}

/** What `-o` names, looked at before the call: where to write, and how. */
export interface OutputTarget {
  /** The file written (a symlink's target). */
  name: string;
  open(): OutputFile;
}

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

async function statOrNull(path: string): Promise<Stats | null> {
  try {
    return await stat(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw usageError(`Cannot write to ${path}: ${(error as Error).message}`);
  }
}

/** The file a symlink chain ends at (a dangling link: the path as named). */
async function resolved(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return path;
  }
}

/** Written into as it is: a device, a FIFO or a socket keeps being what it is. */
function intoItself(path: string): OutputTarget {
  return {
    name: path,
    open: () => {
      const stream = createWriteStream(path);
      return { stream, done: async () => {}, abandon: async () => {} };
    },
  };
}

/** Written beside itself, then renamed over the old file with the old file's mode. */
function replacing(path: string, mode: number | null): OutputTarget {
  const partial = `${path}.part`;
  return {
    name: path,
    open: () => {
      const stream = createWriteStream(partial, mode === null ? {} : { mode });
      return {
        stream,
        done: async () => {
          // The umask may have narrowed the mode the part was created with.
          if (mode !== null) await chmod(partial, mode);
          await rename(partial, path);
        },
        abandon: () => rm(partial, { force: true }),
      };
    },
  };
}

/** Looks at what `output` names; a directory is a usage error (exit 2). */
export async function outputTarget(output: string): Promise<OutputTarget> {
  const path = await resolved(output);
  const found = await statOrNull(path);
  if (found === null) return replacing(path, null);
  if (found.isDirectory())
    throw usageError(`${output} is a directory: name a file to write (-o <file>)`);
  if (found.isFile()) return replacing(path, found.mode & 0o7777);
  return intoItself(path);
}
