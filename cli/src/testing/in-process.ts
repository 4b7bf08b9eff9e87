// The CLI run in process with fake streams, shared by the CLI's own tests (fake-api.ts) and the
// end-to-end tests (tests/cli): no child process, no module loading per run. Output is collected
// as it comes, so a test can wait for a prompt before typing, and a command writing a lot never
// waits on a full buffer.
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { run } from '../program.js';

/** How a run ended: its exit code (null: killed by a signal) and everything it wrote. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CollectedOutput {
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves once `text` has appeared on stdout or stderr. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
}

/** Collects what a run writes on its two output streams (a child's pipes or fake streams). */
export function collectOutput(
  stdout: NodeJS.ReadableStream,
  stderr: NodeJS.ReadableStream,
): CollectedOutput {
  const output = { stdout: '', stderr: '' };
  const listeners = new Set<() => void>();
  for (const name of ['stdout', 'stderr'] as const)
    (name === 'stdout' ? stdout : stderr).on('data', (chunk: Buffer | string) => {
      output[name] += chunk.toString();
      listeners.forEach((listener) => listener());
    });
  return {
    get stdout() {
      return output.stdout;
    },
    get stderr() {
      return output.stderr;
    },
    waitFor: (text, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const found = () => {
          const both = output.stdout + output.stderr;
          return typeof text === 'string' ? both.includes(text) : text.test(both);
        };
        if (found()) return resolve();
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(
              `"${String(text)}" not seen; output so far:\n${output.stdout}\n${output.stderr}`,
            ),
          );
        }, timeoutMs);
        const check = () => {
          if (!found()) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
      }),
  };
}

/** A run under way: type on its stdin, wait for its output, and its end. */
export interface CliSession {
  write(text: string): void;
  /** Closes stdin (after `text`), as the end of a piped file does. */
  end(text?: string): void;
  waitFor: CollectedOutput['waitFor'];
  finished: Promise<CliRun>;
}

/**
 * Starts `dealdesk ...args` in process: the CLI reads only `env` (never process.env) and the fake
 * streams; `terminal`: the streams say they are a terminal (prompts, colours, progress bars).
 */
export function startInProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  terminal = false,
): CliSession {
  const tty = <Stream extends object>(stream: Stream) =>
    Object.assign(stream, { isTTY: terminal, columns: 100 });
  const stdin = tty(new PassThrough());
  const stdout = tty(new PassThrough());
  const stderr = tty(new PassThrough());
  const output = collectOutput(stdout, stderr);
  const ended = async (code: number): Promise<CliRun> => {
    stdout.end();
    stderr.end();
    // Every chunk written has reached the collector once both streams have ended.
    await Promise.all([finished(stdout), finished(stderr)]);
    return { code, stdout: output.stdout, stderr: output.stderr };
  };
  return {
    write: (text) => stdin.write(text),
    end: (text = '') => stdin.end(text),
    waitFor: output.waitFor,
    finished: run(['node', 'dealdesk', ...args], { streams: { stdin, stdout, stderr }, env }).then(
      ended,
    ),
  };
}

/** Runs `dealdesk ...args` in process to the end; `input` is its whole stdin. */
export function runInProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  input = '',
  terminal = false,
): Promise<CliRun> {
  const session = startInProcess(args, env, terminal);
  session.end(input);
  return session.finished;
}
