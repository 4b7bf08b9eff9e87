import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createApiClient, networkErrorMessage } from '@dealdesk/core';
import { describe, expect, it } from 'vitest';
import { failureOf, ServerUnreachable, withDeadline } from './connection.js';
import { exitCodes } from './exit.js';
import { timeoutSeconds, type Settings } from './settings/resolve.js';
import { transport } from './transport.js';

const settings = (token: Settings['token']): Settings => ({
  profileName: 'default',
  profile: {},
  url: { value: 'http://127.0.0.1:8080', source: 'default' },
  apiKey: { value: 'key', source: 'profile' },
  secret: { value: 'a'.repeat(64), source: 'profile' },
  token,
  sessionElsewhere: null,
});
const session = settings({ value: 'session', source: 'profile' });
const failed = (httpStatus: number, message = 'Refused') => ({
  status: false,
  message,
  httpStatus,
});

describe('failed answers', () => {
  it('tells an unreachable server apart (exit 1, stops bulk commands)', () => {
    const error = failureOf(failed(0, networkErrorMessage), session);
    expect(error).toBeInstanceOf(ServerUnreachable);
    expect(error).toMatchObject({ exitCode: exitCodes.failed });
    expect(error.message).toContain('Cannot reach the Dealdesk server at http://127.0.0.1:8080');
  });

  it('sends a refused session back to login, and blames a refused DEALDESK_TOKEN (exit 3)', () => {
    expect(failureOf(failed(401), session)).toMatchObject({
      exitCode: exitCodes.authentication,
      message: 'Your session has expired or was ended: run `dealdesk login`',
    });
    expect(
      failureOf(failed(401), settings({ value: 't', source: 'environment' })).message,
    ).toContain('DEALDESK_TOKEN was refused');
    expect(failureOf(failed(401), settings(null)).message).toContain('Not signed in');
    expect(failureOf(failed(403), session)).toMatchObject({ exitCode: exitCodes.authentication });
  });

  it("suspects the secret when an answer cannot be read, and keeps the server's own message otherwise", () => {
    expect(failureOf(failed(400, networkErrorMessage), session).message).toContain(
      'envelope secret',
    );
    expect(failureOf(failed(404, 'Product not found'), session)).toMatchObject({
      exitCode: exitCodes.failed,
      message: 'Product not found',
    });
  });
});

/** A server that accepts connections and never answers. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the timeout of every call', () => {
  it('is --timeout, else DEALDESK_TIMEOUT, else 30 s; a bad variable is a usage error', () => {
    expect(timeoutSeconds(undefined, {})).toBe(30);
    expect(timeoutSeconds(undefined, { DEALDESK_TIMEOUT: '' })).toBe(30);
    expect(timeoutSeconds(undefined, { DEALDESK_TIMEOUT: '2.5' })).toBe(2.5);
    expect(timeoutSeconds(7, { DEALDESK_TIMEOUT: '2.5' })).toBe(7);
    for (const bad of ['0', '-1', 'soon', '1e9'])
      expect(() => timeoutSeconds(undefined, { DEALDESK_TIMEOUT: bad })).toThrow(
        expect.objectContaining({ exitCode: exitCodes.usage }),
      );
  });

  it('ends a call the server never answers, and says so apart from a refused connection', async () => {
    const silent = await silentServer();
    try {
      const api = createApiClient({
        baseUrl: silent.url,
        apiKey: 'key',
        secret: 'a'.repeat(64),
        fetch: transport,
      });
      // A call that never ended would fail the test by its own timeout.
      const result = await withDeadline(0.3, () => api.admin.authorization());
      expect(result).toMatchObject({ status: false, httpStatus: 0, timedOutAfter: 0.3 });
      const error = failureOf(result, {
        ...session,
        url: { value: silent.url, source: 'default' },
      });
      expect(error).toBeInstanceOf(ServerUnreachable);
      expect(error).toMatchObject({ exitCode: exitCodes.failed });
      expect(error.message).toContain(
        `No answer from the Dealdesk server at ${silent.url} in 0.3 s`,
      );
    } finally {
      await silent.close();
    }
  });

  it('leaves answers within the time alone', async () => {
    const answer = { status: true, message: 'ok', httpStatus: 200 };
    await expect(withDeadline(1, () => Promise.resolve(answer))).resolves.toBe(answer);
  });
});
