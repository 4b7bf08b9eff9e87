import { ansi, plain, wantsColour, type Paint } from './terminal/paint.js';

/** What every command knows of how it was called. */
export interface Context {
  /** --json: one JSON document on stdout, no prompts, no colour, no progress bar. */
  json: boolean;
  /** A person is at a terminal: prompts, progress bars and confirmations are possible. */
  interactive: boolean;
  /** --profile: the named profile of the config file to use. */
  profile: string | undefined;
  env: NodeJS.ProcessEnv;
  /** Colours for stdout and for stderr (each on only when that stream is a terminal). */
  paint: Paint;
  paintErr: Paint;
  /** Human text on stdout (left out with --json). */
  say(text: string): void;
  /** Notes and warnings on stderr, never mixed with results. */
  note(text: string): void;
  /** The command's result: `value` as JSON with --json, otherwise `human()`. */
  result(value: unknown, human: () => void): void;
}

export interface GlobalOptions {
  json?: boolean;
  profile?: string;
  color?: boolean;
}

export function createContext(options: GlobalOptions, env: NodeJS.ProcessEnv): Context {
  const json = options.json === true;
  const colourFlag = options.color !== false && !json;
  const paintFor = (stream: NodeJS.WriteStream) =>
    wantsColour(stream, env, colourFlag) ? ansi : plain;
  return {
    json,
    interactive: !json && process.stdin.isTTY === true && process.stdout.isTTY === true,
    profile: options.profile,
    env,
    paint: paintFor(process.stdout),
    paintErr: paintFor(process.stderr),
    say: (text) => {
      if (!json) process.stdout.write(`${text}\n`);
    },
    note: (text) => process.stderr.write(`${text}\n`),
    result: (value, human) => {
      if (json) process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
      else human();
    },
  };
}
