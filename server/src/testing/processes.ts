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

/**
 * The built server in a process of its own, on `config`'s database and keys with a data folder
 * of its own; `env` adds settings. Resolves once it listens.
 */
export async function startServerProcess(config: ServerConfig, env: NodeJS.ProcessEnv = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'dealdesk-process-'));
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
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let printed = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /running at (http:\/\/\S+)/.exec(printed)?.[1];
      if (url !== undefined) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${printed}`)));
  });
  return {
    baseUrl,
    config,
    dataDir,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
