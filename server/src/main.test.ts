// The built server's process with workers (DEALDESK_WORKERS=2): a start that cannot listen
// ends instead of forking again forever, and Ctrl-C while the workers start stops it cleanly.
// (Stops under load are in modules/tracking/durability.test.ts.)
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { builtServer, childProcessesOf, spawnServerProcess } from './testing/processes.js';

/**
 * Runs the built server with two workers in a process group of its own, on SQLite in a data
 * folder of its own (not through the test harness: importing it would cost seconds of CPU).
 */
async function startWithWorkers(port: number) {
  const run = await spawnServerProcess(
    {
      databaseUrl: null,
      apiKey: 'workers-test-key',
      secret: randomBytes(32).toString('hex'),
      firstAdmin: { id: 'admin', password: 'first-admin-password', email: 'admin@example.test' },
    },
    {
      env: { PORT: String(port), DEALDESK_WORKERS: '2', LOG_LEVEL: 'silent' },
      group: true,
      showErrors: false,
    },
  );
  return { run, cleanUp: run.stop };
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
    const { run, cleanUp } = await startWithWorkers(port);
    cleanUps.push(cleanUp);
    expect((await run.exited).code).toBe(1);
    expect(run.output()).toContain('EADDRINUSE');
    expect(run.output()).not.toContain('running at');
  });

  it('stops cleanly (exit 0) on Ctrl-C while the workers are still starting', async () => {
    const { run, cleanUp } = await startWithWorkers(0);
    cleanUps.push(cleanUp);
    await expect
      .poll(() => childProcessesOf(run.pid).length, { interval: 5, timeout: 20_000 })
      .toBe(2);
    run.signal('SIGINT');
    expect((await run.exited).code).toBe(0);
  });
});
