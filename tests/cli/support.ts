// Runs the dealdesk CLI against a real server started in process by the server's test harness:
// in process with fake streams (runCli, loginByScript) wherever the behaviour is not the
// process's own, and the BUILT CLI (cli/dist/main.js) as a child process, the way an
// administrator or a cron job runs it, for pipes, signals, real terminals and at least one smoke
// run per family of files (sign-in: session, authenticator; catalogue: export, rerun;
// operations: operations). Only the files that spawn call buildCli().
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '@dealdesk/server/testing';
import { watchMailbox } from '../support/mailbox.js';
import { collectOutput, startInProcess, type CliRun, type CliSession } from '@dealdesk/cli/testing';

export { runInProcess as runCli } from '@dealdesk/cli/testing';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const cliMain = join(root, 'cli/dist/main.js');

let cliBuilt = false;

/**
 * Builds the CLI and the core it loads (incremental: quick when nothing changed). Type errors
 * elsewhere (the lint step's business) still emit JavaScript; only the CLI's own stop the tests.
 * Once per process: the files of a worker share this module, and even the check that nothing
 * changed takes 1.5 s. Only files that run the built CLI need it.
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

/** The built CLI under way in a child process, and the child (to signal it, close its pipes). */
export interface RunningCli extends CliSession {
  child: ChildProcessWithoutNullStreams;
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

/** Starts the built CLI, or `command` (e.g. `script`) with `args`, as a child process. */
export function startBuiltCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  command = process.execPath,
): RunningCli {
  const child = spawn(command, command === process.execPath ? [cliMain, ...args] : args, { env });
  const output = collectOutput(child.stdout, child.stderr);
  return {
    child,
    write: (text) => child.stdin.write(text),
    end: (text = '') => child.stdin.end(text),
    waitFor: output.waitFor,
    finished: new Promise<CliRun>((resolve) =>
      child.on('close', (code) => resolve({ code, stdout: output.stdout, stderr: output.stderr })),
    ),
  };
}

/** Runs the built CLI to the end; `input` is its whole standard input (closed right after). */
export function runBuiltCli(args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<CliRun> {
  const running = startBuiltCli(args, env);
  running.end(input);
  return running.finished;
}

/**
 * `dealdesk login` as a script runs it (in process): the password, then the code mailed to the
 * admin (read from the server's outbox in `dataDir`), on standard input.
 */
export async function loginByScript(
  admin: { a_id: string; a_email: string; password: string },
  env: NodeJS.ProcessEnv,
  dataDir: string,
): Promise<CliRun> {
  const mailbox = await watchMailbox(dataDir);
  const login = startInProcess(['login', '--id', admin.a_id], env);
  login.write(`${admin.password}\n`);
  login.end(`${await mailbox.nextCode(admin.a_email)}\n`);
  return login.finished;
}

/** `--json` output of a run. */
export function jsonOf<T = Record<string, unknown>>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`not JSON (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
}
