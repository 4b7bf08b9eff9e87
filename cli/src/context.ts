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
 * A reader that went away (`dealdesk products list | head -1`) ends the run quietly, exit 0 and
 * nothing on stderr, as Unix tools do: EPIPE on stdout or stderr is the only error handled so.
 */
export function endQuietlyOnClosedPipe(
  streams: readonly NodeJS.EventEmitter[],
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  for (const stream of streams)
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      exit(0);
    });
}

/** What every command knows of how it was called. */
export interface Context {
  /** --json: one JSON document on stdout, no prompts, no colour, no progress bar. */
  json: boolean;
  /** A person is at a terminal: prompts, progress bars and confirmations are possible. */
  interactive: boolean;
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
  /** The command's result: `value` as JSON with --json, otherwise `human()`. */
  result(value: unknown, human: () => void): void;
  /** Ends the run with `code` although nothing was thrown (some items failed, an alarm). */
  exitWith(code: ExitCode): void;
}

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
  return {
    json,
    interactive: !json && stdin.isTTY === true && stdout.isTTY === true,
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
    result: (value, human) => {
      if (json) stdout.write(`${JSON.stringify(value, null, 2)}\n`);
      else human();
    },
    exitWith,
  };
}
