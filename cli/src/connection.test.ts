import { networkErrorMessage } from '@dealdesk/core';
import { describe, expect, it } from 'vitest';
import { failureOf, ServerUnreachable } from './connection.js';
import { exitCodes } from './exit.js';
import type { Settings } from './settings/resolve.js';

const settings = (token: Settings['token']): Settings => ({
  profileName: 'default',
  profile: {},
  url: { value: 'http://127.0.0.1:8080', source: 'default' },
  apiKey: { value: 'key', source: 'profile' },
  secret: { value: 'a'.repeat(64), source: 'profile' },
  token,
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
