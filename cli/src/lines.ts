import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import type { Streams } from './context.js';
import { usageError } from './exit.js';

/** Non-blank lines, trimmed, without `#` comment lines: URL and id lists from files and pipes. */
export function listedLines(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

type Stdin = Streams['stdin'];

/** The lines of a file, or of standard input for `-`. */
export async function readLines(path: string, stdin: Stdin): Promise<string[]> {
  try {
    return listedLines(path === '-' ? await text(stdin) : await readFile(path, 'utf8'));
  } catch (error) {
    throw usageError(`Cannot read ${path}: ${(error as Error).message}`);
  }
}

/**
 * Arguments, else the file given, else standard input when something is piped in: the three
 * ways a list of URLs or ids reaches a command.
 */
export async function listedInputs(
  args: string[],
  file: string | undefined,
  stdin: Stdin,
): Promise<string[]> {
  const fromFile = file === undefined ? [] : await readLines(file, stdin);
  if (args.length > 0 || file !== undefined) return [...args, ...fromFile];
  return stdin.isTTY === true ? [] : readLines('-', stdin);
}

/** Ids as given, `-` among them read as the ids on standard input, one a line. */
export async function idsWithStdin(ids: readonly string[], stdin: Stdin): Promise<string[]> {
  const fromStdin = ids.includes('-') ? await readLines('-', stdin) : [];
  return [...ids.filter((id) => id !== '-'), ...fromStdin];
}
