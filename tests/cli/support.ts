// Runs the BUILT dealdesk CLI (cli/dist/main.js) as a child process, the way an administrator
// or a cron job does, against a real server started in process by the server's test harness.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '@dealdesk/server/testing';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const cliMain = join(root, 'cli/dist/main.js');

let cliBuilt = false;

/**
 * Builds the CLI and the core it loads (incremental: quick when nothing changed). Type errors
 * elsewhere (the lint step's business) still emit JavaScript; only the CLI's own stop the tests.
 * Once per process: the files of a worker share this module, and even the check that nothing
 * changed takes 1.5 s.
 */
export function buildCli(): void {
  if (cliBuilt) return;
  try {
    execFileSync(join(root, 'node_modules/.bin/tsc'), ['-b', 'cli'], { cwd: root, stdio: 'pipe' });
  } catch (error) {
    const output = String((error as { stdout?: Buffer }).stdout ?? '');
    if (output.includes('cli/src/')) throw new Error(`the CLI does not build:\n${output}`);
  }
  cliBuilt = true;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  /** Resolves once `text` has appeared on stdout or stderr. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  write(text: string): void;
  finished: Promise<CliRun>;
}

/** A config folder of its own: no test sees another's saved session. */
export const freshConfigHome = () => mkdtemp(join(tmpdir(), 'dealdesk-cli-config-'));

/** The environment a cron job would have: the server's address and keys, nothing else. */
export function serverEnv(server: TestServer, configHome: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'],
    HOME: configHome,
    XDG_CONFIG_HOME: configHome,
    DEALDESK_URL: server.baseUrl,
    DEALDESK_API_KEY: server.config.apiKey,
    DEALDESK_SECRET: server.config.secret,
  };
}

export function startCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  command = process.execPath,
): RunningCli {
  const child = spawn(command, command === process.execPath ? [cliMain, ...args] : args, { env });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  const seen = () => listeners.forEach((listener) => listener());
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    seen();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    seen();
  });
  const finished = new Promise<CliRun>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return {
    child,
    write: (text) => child.stdin.write(text),
    finished,
    waitFor: (text, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const found = () => {
          const output = stdout + stderr;
          return typeof text === 'string' ? output.includes(text) : text.test(output);
        };
        if (found()) return resolve();
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`"${String(text)}" not seen; output so far:\n${stdout}\n${stderr}`));
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

/** Runs the CLI to the end; `input` is its whole standard input (closed right after). */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<CliRun> {
  const running = startCli(args, env);
  running.child.stdin.end(input);
  return running.finished;
}

/** `--json` output of a run. */
export function jsonOf<T = Record<string, unknown>>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`not JSON (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
}
