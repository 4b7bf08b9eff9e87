// The built server's process with workers (DEALDESK_WORKERS=2): a start that cannot listen
// ends instead of forking again forever, and Ctrl-C while the workers start stops it cleanly.
// (Stops under load are in modules/tracking/durability.test.ts.)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtServer, childProcessesOf } from './testing/processes.js';

/** Runs the built server with two workers in a process group of its own. */
function startWithWorkers(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dealdesk-main-'));
  const child = spawn(process.execPath, [builtServer], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DEALDESK_DATA_DIR: dataDir,
      DEALDESK_WEB_DIR: join(dataDir, 'no-web-app'),
      DEALDESK_WORKERS: '2',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const cleanUp = async () => {
    if (child.exitCode === null && child.signalCode === null)
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { child, exited, output: () => output, cleanUp };
}

describe.skipIf(!existsSync(builtServer))('the built server with two workers', () => {
  const cleanUps: (() => Promise<void>)[] = [];
  let taken: Server | null = null;
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0)) await cleanUp();
    await new Promise<void>((resolve) =>
      taken === null ? resolve() : taken.close(() => resolve()),
    );
    taken = null;
  });

  it('exits 1 with the reason when the port is taken, instead of forking again and again', async () => {
    const server = createServer();
    taken = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const run = startWithWorkers(port);
    cleanUps.push(run.cleanUp);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('EADDRINUSE');
    expect(run.output()).not.toContain('running at');
  });

  it('stops cleanly (exit 0) on Ctrl-C while the workers are still starting', async () => {
    const run = startWithWorkers(0);
    cleanUps.push(run.cleanUp);
    const pid = run.child.pid ?? 0;
    await expect.poll(() => childProcessesOf(pid).length, { interval: 5, timeout: 20_000 }).toBe(2);
    process.kill(-pid, 'SIGINT');
    expect(await run.exited).toBe(0);
  });
});
