// `npm start` as a new user runs it: it builds what is missing, serves the web app and the API
// on one port over a fresh data folder, prints the first admin's password once, and that
// admin can sign in with the code the console prints. SIGTERM then stops it cleanly.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn } from '@dealdesk/server/testing';

const root = fileURLToPath(new URL('../../', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('npm start', () => {
  let child: ChildProcessWithoutNullStreams;
  let output = '';
  let dataDir: string;
  let exited: Promise<unknown>;
  let baseUrl = '';

  /** Resolves with the first match of the pattern in what the command printed. */
  const printed = (pattern: RegExp, timeoutMs = 150_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`not printed: ${pattern}\n${output}`)),
        timeoutMs,
      );
      const look = () => {
        const match = pattern.exec(output);
        if (match === null) return;
        clearTimeout(timer);
        child.stdout.off('data', look);
        resolve(match);
      };
      child.stdout.on('data', look);
      look();
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dealdesk-start-'));
    child = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DEALDESK_DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
      },
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child.on('exit', resolve));
  }, 20_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the web app and the API on the printed address, and signs the first admin in', async () => {
    [, baseUrl = ''] = await printed(/Dealdesk is running at (http:\/\/\S+)/);
    const [, password = ''] = await printed(/password \(shown once, keep it\): (\S+)/);
    const [, apiKey = ''] = await printed(/API key \(development, x-api-key\): (\S+)/);
    const [, secret = ''] = await printed(
      /envelope secret \(development, DEALDESK_SECRET\): (\S+)/,
    );

    const page = await fetch(`${baseUrl}/add/story`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
    const config = await fetch(`${baseUrl}/config.js`);
    expect(await config.text()).toContain(apiKey);

    let token: string | null = null;
    const api = createApiClient({ baseUrl, apiKey, secret, token: () => token });
    const step1 = await api.admin.login({ a_id: 'admin', a_password: password });
    expect(step1).toMatchObject({ status: true, httpStatus: 200 });
    token = step1.token ?? null;
    const [codeLine = ''] = await printed(/ is \d{6}\./);
    const step2 = await api.admin.loginOtp({ otp: codeIn(codeLine) });
    expect(step2).toMatchObject({ status: true, httpStatus: 200 });
    token = step2.token ?? null;
    expect(await api.admin.adminData()).toMatchObject({ data: { a_id: 'admin' } });
  }, 180_000);

  it('stops the server on SIGTERM (npm passes it on), leaving nothing listening', async () => {
    child.kill('SIGTERM');
    await exited;
    // npm itself ends by the signal; the server behind it closes its port as it shuts down.
    await expect
      .poll(
        () =>
          fetch(`${baseUrl}/config.js`).then(
            () => 'answering',
            () => 'closed',
          ),
        {
          timeout: 10_000,
        },
      )
      .toBe('closed');
  }, 30_000);
});
