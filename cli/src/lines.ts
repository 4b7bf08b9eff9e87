import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { invalidIdMessage } from '@dealdesk/core';
import type { Streams } from './context.js';
import { usageError } from './exit.js';
import { givenId, isId } from './ids.js';

/** A listed line and its number in the text (from 1), to name it when it is refused. */
interface NumberedLine {
  line: number;
  text: string;
}

/** Non-blank lines, trimmed, without `#` comment lines, each with its number. */
function numberedLines(content: string): NumberedLine[] {
  return content
    .split(/\r?\n/)
    .map((line, index) => ({ line: index + 1, text: line.trim() }))
    .filter(({ text: line }) => line !== '' && !line.startsWith('#'));
}

/** Non-blank lines, trimmed, without `#` comment lines: URL and id lists from files and pipes. */
export function listedLines(content: string): string[] {
  return numberedLines(content).map((line) => line.text);
}

type Stdin = Streams['stdin'];

/** The listed lines of a file, or of standard input for `-`, numbered. */
async function readNumberedLines(path: string, stdin: Stdin): Promise<NumberedLine[]> {
  try {
    return numberedLines(path === '-' ? await text(stdin) : await readFile(path, 'utf8'));
  } catch (error) {
    throw usageError(`Cannot read ${path}: ${(error as Error).message}`);
  }
}

/** The lines of a file, or of standard input for `-`. */
export async function readLines(path: string, stdin: Stdin): Promise<string[]> {
  return (await readNumberedLines(path, stdin)).map((line) => line.text);
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

/**
 * Ids as given, `-` among them read as the ids on standard input, one a line. Each is checked
 * before anything is sent; one that is no id is named, with its line when it was read
 * ("Invalid id on line 3 of standard input: 42").
 */
export async function idsWithStdin(ids: readonly string[], stdin: Stdin): Promise<string[]> {
  const given = ids.filter((id) => id !== '-').map(givenId);
  if (!ids.includes('-')) return given;
  const read = await readNumberedLines('-', stdin);
  const refused = read.find((line) => !isId(line.text));
  if (refused !== undefined)
    throw usageError(
      `${invalidIdMessage} on line ${refused.line} of standard input: ${refused.text}`,
    );
  return [...given, ...read.map((line) => line.text)];
}
