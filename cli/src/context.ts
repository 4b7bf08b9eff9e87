import { formatCount } from '@dealdesk/core';
import type { ExitCode } from './exit.js';
import { ansi, plain, wantsColour, type Paint } from './terminal/paint.js';

/** The streams a command reads and writes: the process's, or a test's fakes. */
export interface Streams {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; destroy?(): void };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export const processStreams = (): Streams => ({
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});

/**
 * Output that cannot be written ends the run. A reader that went away (`dealdesk products list |
 * head -1`) ends it quietly, exit 0 and nothing on stderr, as Unix tools do. Any other failure
 * (a full disk: `> /dev/full`, a closed terminal) is said in one line on stderr, exit 1: a
 * script must not take output it never got for a success.
 */
export function endOnOutputFailure(
  {
    stdout,
    stderr,
  }: { stdout: NodeJS.EventEmitter; stderr: NodeJS.WritableStream & NodeJS.EventEmitter },
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  for (const [name, stream] of [
    ['standard output', stdout],
    ['standard error', stderr],
  ] as const)
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') return exit(0);
      if (stream !== stderr)
        stderr.write(
          `✖ Cannot write to ${name} (${error.code ?? error.message}): the output is incomplete\n`,
        );
      exit(1);
    });
}

/** What every command knows of how it was called. */
export interface Context {
  /** --json: one JSON document on stdout, no prompts, no colour, no progress bar. */
  json: boolean;
  /** A person is at a terminal: prompts, progress bars and confirmations are possible. */
  interactive: boolean;
  /**
   * Standard output is a terminal. When it is not, stdout is data only (a heading and rows, raw
   * numbers) and footers and hints go to stderr.
   */
  toTerminal: boolean;
  /** --profile: the named profile of the config file to use. */
  profile: string | undefined;
  /** --timeout: seconds each call may take (unset: DEALDESK_TIMEOUT, then 30). */
  timeout: number | undefined;
  env: NodeJS.ProcessEnv;
  /** Where the command reads and writes; only context.ts and the terminal helpers touch them. */
  streams: Streams;
  /** Colours for stdout and for stderr (each on only when that stream is a terminal). */
  paint: Paint;
  paintErr: Paint;
  /** Human text on stdout (left out with --json). */
  say(text: string): void;
  /** Notes and warnings on stderr, never mixed with results. */
  note(text: string): void;
  /** A footer or hint about the result ("Showing 3 of 20"): under it at a terminal, else stderr. */
  footer(text: string): void;
  /** A count as a person reads it at a terminal (`1.3k`), else the raw number for scripts. */
  count(value: number | null | undefined): string;
  /** The command's result: `value` as JSON with --json (one shape), otherwise `human()`. */
  result(value: JsonResult, human: () => void): void;
  /** Ends the run with `code` although nothing was thrown (some items failed, an alarm). */
  exitWith(code: ExitCode): void;
}

/**
 * Every --json answer is one object that says `status` first (false: with `message`); a list's
 * items are its `data` array, one item is its `data` object (cli/README.md, "JSON").
 */
export type JsonResult = { status: boolean } & Record<string, unknown>;

export interface GlobalOptions {
  json?: boolean;
  profile?: string;
  color?: boolean;
  timeout?: number;
}

export function createContext(
  options: GlobalOptions,
  env: NodeJS.ProcessEnv,
  streams: Streams,
  exitWith: (code: ExitCode) => void,
): Context {
  const { stdin, stdout, stderr } = streams;
  const json = options.json === true;
  const colourFlag = options.color !== false && !json;
  const paintFor = (stream: { isTTY?: boolean }) =>
    wantsColour(stream, env, colourFlag) ? ansi : plain;
  const toTerminal = stdout.isTTY === true;
  return {
    json,
    interactive: !json && stdin.isTTY === true && toTerminal,
    toTerminal,
    profile: options.profile,
    timeout: options.timeout,
    env,
    streams,
    paint: paintFor(stdout),
    paintErr: paintFor(stderr),
    say: (text) => {
      if (!json) stdout.write(`${text}\n`);
    },
    note: (text) => stderr.write(`${text}\n`),
    footer: (text) => {
      if (json) return;
      if (toTerminal) stdout.write(`${text}\n`);
      else stderr.write(`${text}\n`);
    },
    count: (value) => (toTerminal ? formatCount(value) : String(value ?? '')),
    result: (value, human) => {
      if (json) stdout.write(`${JSON.stringify(value, null, 2)}\n`);
      else human();
    },
    exitWith,
  };
}
