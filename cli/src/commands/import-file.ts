// The file `products import` reads twice (every row checked, then sent) as it streams, a part of
// one call's rows at a time, so memory stays flat whatever the file's size. Standard input is
// spooled to a temporary file first, removed when the command ends (on error and Ctrl+C too).
import { CsvError, parse, type InfoRecord } from 'csv-parse';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CliError, exitCodes, usageError } from '../exit.js';
import { csvRow, type Part, type ReadRow } from './import-rows.js';

export const importFormats = ['jsonl', 'csv'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** The file both passes read: the one named, or standard input spooled. */
export interface ImportFile {
  /** As the command was given it (`-` for standard input). */
  name: string;
  path: string;
  size: number;
  /** Size and time of change when opened: a file changed between the passes is not sent. */
  stamp: string;
  /** Removes standard input's spool (nothing for a named file). */
  remove(): Promise<void>;
}

/** Ctrl+C before the first call. */
export const nothingSent = () =>
  new CliError('Interrupted: nothing was sent', exitCodes.interrupted);

const stampOf = ({ size, mtimeMs }: { size: number; mtimeMs: number }) => `${size}:${mtimeMs}`;

/** The file's size and time of change, or a usage error naming it. */
async function statOf({ name, path }: Pick<ImportFile, 'name' | 'path'>) {
  try {
    return await stat(path);
  } catch (error) {
    throw usageError(`Cannot read ${name}: ${(error as Error).message}`);
  }
}

/** Where the file is now, to compare with its `stamp`. */
export const stampNow = async (file: Pick<ImportFile, 'name' | 'path'>) =>
  stampOf(await statOf(file));

/** Standard input copied to a temporary file; Ctrl+C (`signal`) stops the copy. */
async function spooled(stdin: NodeJS.ReadableStream, signal: AbortSignal): Promise<ImportFile> {
  const folder = await mkdtemp(join(tmpdir(), 'dealdesk-import-'));
  // A second Ctrl+C exits at once: the spool goes with the process.
  const removeNow = () => rmSync(folder, { recursive: true, force: true });
  process.once('exit', removeNow);
  const remove = async () => {
    process.off('exit', removeNow);
    await rm(folder, { recursive: true, force: true });
  };
  const path = join(folder, 'stdin');
  try {
    await pipeline(stdin, createWriteStream(path), { signal });
    const stamp = await stat(path);
    return { name: '-', path, size: stamp.size, stamp: stampOf(stamp), remove };
  } catch (error) {
    await remove();
    if (signal.aborted) throw nothingSent();
    throw usageError(`Cannot copy standard input to a temporary file: ${(error as Error).message}`);
  }
}

export async function openImportFile(
  name: string,
  stdin: NodeJS.ReadableStream,
  signal: AbortSignal,
): Promise<ImportFile> {
  if (name === '-') return spooled(stdin, signal);
  const stats = await statOf({ name, path: name });
  return { name, path: name, size: stats.size, stamp: stampOf(stats), remove: async () => {} };
}

/** The format by the file's name; from standard input, by its first character. */
export async function formatOf(
  file: ImportFile,
  asked: ImportFormat | undefined,
): Promise<ImportFormat> {
  if (asked !== undefined) return asked;
  const extension = extname(file.name).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (['.jsonl', '.ndjson', '.json'].includes(extension)) return 'jsonl';
  try {
    const handle = await open(file.path);
    try {
      const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(64 * 1024) });
      return buffer.toString('utf8', 0, bytesRead).trimStart().startsWith('{') ? 'jsonl' : 'csv';
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw usageError(`Cannot read ${file.name}: ${(error as Error).message}`);
  }
}

/** JSON Lines cut at line ends into parts of `size` lines (blank ones included). */
async function* jsonlParts(path: string, size: number): AsyncGenerator<Part> {
  // Small reads: each read's buffer waits for a collection before its memory is given back.
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  let held: string[] = [];
  let lines = 0;
  let firstLine = 1;
  for await (const chunk of stream as AsyncIterable<string>) {
    let from = 0;
    for (let cut = chunk.indexOf('\n'); cut !== -1; cut = chunk.indexOf('\n', cut + 1)) {
      lines += 1;
      if (lines < size) continue;
      held.push(chunk.slice(from, cut + 1));
      yield { jsonl: held.join(''), firstLine };
      firstLine += lines;
      [held, lines, from] = [[], 0, cut + 1];
    }
    if (from < chunk.length) held.push(chunk.slice(from));
  }
  if (held.length > 0) yield { jsonl: held.join(''), firstLine };
}

/**
 * A CSV's records under its header row, in parts of `size` records, each named by the line it
 * starts on: the line after the previous record's last, past the blank lines skipped between.
 */
async function* csvParts(path: string, size: number): AsyncGenerator<Part> {
  const parser = parse({
    bom: true,
    info: true,
    skip_empty_lines: true,
    relax_column_count: true,
    // CRLF and LF mixed in one file, as spreadsheets and editors leave them.
    record_delimiter: ['\r\n', '\n', '\r'],
  });
  const piping = pipeline(createReadStream(path), parser);
  // A read error reaches the loop below through the parser; stopping early is no error.
  piping.catch(() => {});
  let columns: string[] | undefined;
  let read: ReadRow[] = [];
  let lastLine = 0;
  let blankLines = 0;
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: InfoRecord;
  }>) {
    const line = lastLine + 1 + info.empty_lines - blankLines;
    [lastLine, blankLines] = [info.lines, info.empty_lines];
    if (columns === undefined) {
      columns = record.map((name) => name.trim());
      continue;
    }
    read.push(csvRow(columns, line, record));
    if (read.length < size) continue;
    yield { read };
    read = [];
  }
  if (read.length > 0) yield { read };
}

/** The file's parts of `size` rows, as they are read; a file that cannot be read is named. */
export async function* readParts(
  file: ImportFile,
  format: ImportFormat,
  size: number,
): AsyncGenerator<Part> {
  try {
    yield* format === 'csv' ? csvParts(file.path, size) : jsonlParts(file.path, size);
  } catch (error) {
    if (error instanceof CsvError) throw usageError(`The CSV cannot be read: ${error.message}`);
    if (error instanceof Error && 'code' in error)
      throw usageError(`Cannot read ${file.name}: ${error.message}`);
    throw error;
  }
}
