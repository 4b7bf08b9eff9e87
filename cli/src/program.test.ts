// The CLI run in process: fake standard streams and environment, and a local HTTP server that
// speaks the API's protocol (API key, bearer token, sealed answers), so a command's output and
// exit code are checked without spawning the built CLI.
import { decryptRequest, encryptResponse, isRequestEnvelope } from '@dealdesk/core';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './program.js';

const apiKey = 'cli-test-key';
const secret = randomBytes(32).toString('hex');
const token = 'cron-token';

/** Answers per "METHOD path"; every request is recorded with its opened body. */
const answers = new Map<string, { httpStatus: number; payload: unknown }>();
const received: { route: string; authorization?: string; body: unknown }[] = [];

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const route = `${request.method} ${new URL(request.url ?? '/', 'http://x').pathname}`;
      const raw = Buffer.concat(chunks).toString();
      const parsed: unknown = raw === '' ? undefined : JSON.parse(raw);
      const body = isRequestEnvelope(parsed) ? decryptRequest(parsed, secret) : parsed;
      received.push({ route, authorization: request.headers.authorization, body });
      const answer =
        request.headers['x-api-key'] !== apiKey
          ? { httpStatus: 403, payload: { status: false, message: 'Invalid API key' } }
          : (answers.get(route) ?? { httpStatus: 404, payload: { status: false, message: 'No' } });
      response.writeHead(answer.httpStatus, { 'content-type': 'application/json' });
      response.end(JSON.stringify(encryptResponse(answer.payload, secret)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs `dealdesk ...args` with fake streams; answers its exit code and what it wrote. */
async function dealdesk(args: string[], input = '') {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdin.end(input);
  const env = {
    XDG_CONFIG_HOME: await mkdtemp(join(tmpdir(), 'dealdesk-cli-')),
    DEALDESK_URL: baseUrl,
    DEALDESK_API_KEY: apiKey,
    DEALDESK_SECRET: secret,
    DEALDESK_TOKEN: token,
  };
  const exitCode = await run(['node', 'dealdesk', ...args], {
    streams: { stdin, stdout, stderr },
    env,
  });
  stdout.end();
  stderr.end();
  return { exitCode, stdout: await text(stdout), stderr: await text(stderr) };
}

const load = { cpuLoad: 12.5, ramUsage: 40, storageUsage: 91 };
answers.set('GET /api/App/server/load/check', {
  httpStatus: 200,
  payload: { status: true, message: 'Server load', ...load },
});

describe('the CLI in process', () => {
  it('writes a command result as JSON on its stdout, with the token it was given', async () => {
    const result = await dealdesk(['load', '--json']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toMatchObject(load);
    expect(received.at(-1)).toMatchObject({
      route: 'GET /api/App/server/load/check',
      authorization: `Bearer ${token}`,
    });
  });

  it('draws meters for a person and fails a cron check above its threshold', async () => {
    const result = await dealdesk(['load', '--fail-above', '90']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('Storage  [##################--]  91.0%');
    expect(result.stderr).toContain('Storage 91.0%');
  });

  it('sends a refused call back as exit 1 with the server message on stderr', async () => {
    answers.set('DELETE /api/admin/tokens/0123456789abcdef01234567', {
      httpStatus: 404,
      payload: { status: false, message: 'API token not found' },
    });
    const result = await dealdesk(['token', 'revoke', '0123456789abcdef01234567']);
    expect(result).toMatchObject({ exitCode: 1, stdout: '' });
    expect(result.stderr).toContain('API token not found');
  });

  it('refuses bad input before anything is sent (exit 2)', async () => {
    const before = received.length;
    const result = await dealdesk(['token', 'revoke', 'not-an-id']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).not.toBe('');
    expect(received).toHaveLength(before);
  });

  it('reads ids from its standard input for `events set --ids -`', async () => {
    answers.set('GET /api/App/product', {
      httpStatus: 200,
      payload: { status: true, message: 'Product details', data: { events: 'None' } },
    });
    answers.set('PUT /api/App/product/update/events', {
      httpStatus: 200,
      payload: { status: true, message: 'Events updated successfully' },
    });
    const ids = ['0123456789abcdef01234567', '76543210fedcba9876543210'];
    const result = await dealdesk(
      ['events', 'set', 'Trending', '--ids', '-', '--json'],
      ids.join('\n'),
    );
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ changed: 2, calls: 1 });
    expect(received.at(-1)).toMatchObject({
      route: 'PUT /api/App/product/update/events',
      body: { id: ids, event: 'Trending' },
    });
  });

  it('writes usage errors and help to its own streams', async () => {
    const wrong = await dealdesk(['products', 'list', '--page', 'zero']);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain('expected a whole number');
    const help = await dealdesk(['--help']);
    expect(help).toMatchObject({ exitCode: 0 });
    expect(help.stdout).toContain('Usage: dealdesk');
  });
});
