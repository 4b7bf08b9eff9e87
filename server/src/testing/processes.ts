// The built server's process in tests: started beside the in-process one, and what they see of
// it (Linux: /proc).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '../config.js';

/** The ids of the processes `pid` started: a server's cluster workers. */
export const childProcessesOf = (pid: number): string[] =>
  readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
  );

/** The built server's entry (tests that need it skip when it is not built). */
export const builtServer = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** How a test's built server process differs from the usual one (a data folder of its own). */
export interface ServerProcessOptions {
  /** Settings added to, or replacing, those made from the config. */
  env?: NodeJS.ProcessEnv;
  /**
   * Its data folder: the test database's, for a server that restarts on the same storage
   * (kept on stop). By default a new one, removed on stop.
   */
  dataDir?: string;
  /** A process group of its own, so that `signal` reaches the group as a terminal's Ctrl-C does. */
  group?: boolean;
  /** Whether what it writes to stderr shows in the test's output too (it is kept either way). */
  showErrors?: boolean;
}

/** What a process is started on: its database, keys and first admin (a test's config has them). */
type ProcessConfig = Pick<ServerConfig, 'databaseUrl' | 'apiKey' | 'secret' | 'firstAdmin'> &
  Partial<Pick<ServerConfig, 'serverKey' | 'previousSecret'>>;

/** A built server process, started by `spawnServerProcess` or `startServerProcess`. */
export interface SpawnedServer<Config extends ProcessConfig = ServerConfig> {
  config: Config;
  dataDir: string;
  pid: number;
  /** What it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the match once what it printed matches `pattern`; rejects if it exits first. */
  printed(pattern: RegExp): Promise<RegExpExecArray>;
  /** How it ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` to it, or to its group when it has one. */
  signal(signal: NodeJS.Signals): void;
  /** Ends it (SIGTERM; SIGKILL to what is left of a group) and removes a data folder of its own. */
  stop(): Promise<void>;
}

/**
 * The built server in a process of its own on `config`'s database, keys and first admin,
 * not waiting for it to listen (for a start that fails, or a signal while it starts).
 */
export async function spawnServerProcess<Config extends ProcessConfig>(
  config: Config,
  { env = {}, dataDir: storageDir, group = false, showErrors = true }: ServerProcessOptions = {},
): Promise<SpawnedServer<Config>> {
  const dataDir = storageDir ?? (await mkdtemp(join(tmpdir(), 'dealdesk-process-')));
  const child = spawn(process.execPath, [builtServer], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DEALDESK_DATA_DIR: dataDir,
      DEALDESK_WEB_DIR: join(dataDir, 'no-web-app'),
      DATABASE_URL: config.databaseUrl ?? '',
      DEALDESK_API_KEY: config.apiKey,
      DEALDESK_SECRET: config.secret,
      DEALDESK_PREVIOUS_SECRET: config.previousSecret ?? '',
      // Instances of one database share one server key (else a key file of its own folder).
      ...(config.serverKey === undefined ? {} : { DEALDESK_SERVER_KEY: config.serverKey }),
      ...(config.firstAdmin.password === null
        ? {}
        : { DEALDESK_ADMIN_PASSWORD: config.firstAdmin.password }),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    if (showErrors) process.stderr.write(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const pid = child.pid ?? 0;
  const signal = (name: NodeJS.Signals) => {
    if (group) process.kill(-pid, name);
    else child.kill(name);
  };
  const printed = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(text);
        if (match === null) return;
        child.stdout.off('data', check);
        child.stderr.off('data', check);
        resolve(match);
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      check();
      void exited.then(({ code, signal: ended }) =>
        reject(
          new Error(`the server exited (${ended ?? code}) before printing ${pattern}:\n${text}`),
        ),
      );
    });
  return {
    config,
    dataDir,
    pid,
    output: () => text,
    printed,
    exited,
    signal,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) signal('SIGTERM');
      await exited;
      if (group)
        try {
          // Workers left behind by a primary that went first.
          process.kill(-pid, 'SIGKILL');
        } catch {
          // None left.
        }
      if (storageDir === undefined) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A built server process once it listens, with where. */
export type ServerProcess = SpawnedServer & { baseUrl: string };

/** The built server in a process of its own (see `spawnServerProcess`), once it listens. */
export async function startServerProcess(
  config: ServerConfig,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const server = await spawnServerProcess(config, options);
  const [, baseUrl = ''] = await server.printed(/running at (http:\/\/\S+)/);
  return { ...server, baseUrl };
}
