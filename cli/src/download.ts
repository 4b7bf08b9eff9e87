// A streamed file from the server (an export) written as it arrives, never held whole: to
// stdout, where a reader that stops early (`| head -1`) ends the download quietly, or to what
// `-o` names (output-file.ts: a file written whole or not at all, a device or FIFO written
// into). `--timeout` bounds each wait for the server's bytes. With --json on stdout the rows
// come as JSON Lines and are written as the one JSON document every command answers.
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { productExportFormats, type ClientResult, type ProductExportFormat } from '@dealdesk/core';
import { noAnswerIn, type Connection } from './connection.js';
import type { Context } from './context.js';
import { CliError } from './exit.js';
import { outputTarget, type OutputTarget } from './output-file.js';

/** A write to a pipe whose reader has gone (`| head -1`): the reader has all it wants. */
const isClosedPipe = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED');

/**
 * Fails the download when the server sends nothing for `seconds`. A reader that holds the
 * download back (a slow pipe) pauses it, and a paused download is not waiting for the server.
 */
function failWhenSilent(source: Readable, seconds: number, url: string): void {
  let timer: NodeJS.Timeout | undefined;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (source.isPaused()) wait();
      else source.destroy(new CliError(noAnswerIn(url, seconds)));
    }, seconds * 1000);
  };
  wait();
  source.on('data', wait);
  source.once('close', () => clearTimeout(timer));
}

const stopped = (error: unknown) =>
  new CliError(
    `The export stopped before it was complete: ${error instanceof Error ? error.message : String(error)}`,
  );

/** Whether the file goes to stdout (no --output, or `-`). */
const toStdout = (output: string | undefined) => output === undefined || output === '-';

/**
 * The format to ask the server for: as asked, but JSON Lines when --json wants the rows on
 * stdout (they are then written as `{"status":true,"data":[...]}`, see jsonDocument).
 */
export const exportFormat = (
  context: Pick<Context, 'json'>,
  { output, format }: { output?: string | undefined; format?: string | undefined },
) => (context.json && toStdout(output) ? 'jsonl' : format);

/** JSON Lines in, one JSON document out, row by row (never the whole file in memory). */
function jsonDocument(): Transform {
  let rest = '';
  let first = true;
  const rows = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const row = `${first ? '' : ',\n'}${line}`;
        first = false;
        return row;
      })
      .join('');
  return new Transform({
    construct(callback) {
      this.push('{"status":true,"data":[\n');
      callback();
    },
    transform(chunk: Buffer, _encoding, callback) {
      const text = rest + chunk.toString('utf8');
      const end = text.lastIndexOf('\n');
      rest = text.slice(end + 1);
      callback(null, rows(text.slice(0, end + 1)));
    },
    flush(callback) {
      callback(null, `${rows(rest)}\n]}\n`);
    },
  });
}

/**
 * Writes the answer's file to `target` (stdout for null); answers whether it went to stdout.
 */
async function download(
  context: Context,
  { settings, timeout }: Connection,
  response: Response | undefined,
  target: OutputTarget | null,
): Promise<void> {
  const body = response?.body;
  if (body === null || body === undefined) throw new CliError('The server sent no file');
  // The global ReadableStream and node:stream/web's are one class under two type names.
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  failWhenSilent(source, timeout, settings.url.value);
  if (target === null) {
    const { stdout } = context.streams;
    try {
      if (context.json) await pipeline(source, jsonDocument(), stdout, { end: false });
      else await pipeline(source, stdout, { end: false });
    } catch (error) {
      // The download stops with the reader; nothing more is written.
      if (!isClosedPipe(error)) throw stopped(error);
      source.destroy();
      // Writes still queued fail alike; they are no news.
      stdout.on('error', () => {});
    }
    return;
  }
  const file = target.open();
  // A full disk or a closed device is the destination's failure, not the export's.
  let unwritable: Error | undefined;
  file.stream.once('error', (error) => (unwritable = error));
  try {
    await pipeline(source, file.stream);
    await file.done();
  } catch (error) {
    await file.abandon();
    if (unwritable !== undefined)
      throw new CliError(`Cannot write to ${target.name}: ${unwritable.message}`);
    throw stopped(error);
  }
}

/** --format and --output of a list command that can also write everything it finds as a file. */
export interface FileOptions {
  format?: ProductExportFormat;
  output?: string;
}

/** Whether the command was asked for the file rather than a page on screen. */
export const wantsFile = (options: FileOptions) =>
  options.format !== undefined || options.output !== undefined;

/** --format and --output on a list command (the whole list as a file, through its export). */
export const fileOptions = <
  Args extends unknown[],
  Opts extends OptionValues,
  Globals extends OptionValues,
>(
  command: Command<Args, Opts, Globals>,
  what: string,
) =>
  command
    .addOption(
      new Option(
        '--format <format>',
        `${what} as a file (every one, no pages), to stdout or --output`,
      ).choices(productExportFormats),
    )
    .option('-o, --output <file>', 'write the file here (CSV unless --format says)');

/**
 * Asks for an export (`call`) and writes its file where asked: what `-o` names is looked at
 * first (a directory is refused before the call). For a file, says so (`what`: "products").
 */
export async function saveExport(
  context: Context,
  connection: Connection,
  call: () => Promise<ClientResult<{ response?: Response }>>,
  { output, format }: { output?: string | undefined; format: ProductExportFormat },
  what: string,
): Promise<void> {
  const file = output === undefined || output === '-' ? null : output;
  const target = file === null ? null : await outputTarget(file);
  const answer = connection.check(await call());
  await download(context, connection, answer.response, target);
  if (file !== null)
    context.result({ status: true, file, format }, () =>
      context.note(`${context.paintErr('green', '✔')} Exported ${what} to ${file}`),
    );
}
