import { endpoints } from '@dealdesk/core';
import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer, token } from '../testing/fake-api.js';

const { dealdesk, server, lastBody } = cliAgainstTestServer();
const id = '0123456789abcdef01234567';

describe('dealdesk token', () => {
  it('creates a token with --days and shows it once', async () => {
    server().replyTo('POST /api/admin/tokens', {
      payload: {
        status: true,
        message: endpoints.admin.createToken.message,
        token: 'dd_secret-value',
        data: {
          _id: id,
          name: 'nightly',
          createdAt: '2026-11-25T00:00:00.000Z',
          lastUsedAt: null,
          expiresAt: null,
        },
      },
    });
    const result = await dealdesk(['token', 'create', 'nightly', '--days', '30']);
    expect(result.exitCode).toBe(0);
    expect(lastBody()).toEqual({ name: 'nightly', expiresInDays: 30, scope: 'write' });
    // Piped, stdout is the token alone; what a person reads is on stderr.
    expect(result.stderr).toContain('Token nightly created. Copy it now: it is not shown again.');
    expect(result.stderr).not.toContain('again.: nightly');
    expect(result.stdout).toBe('dd_secret-value\n');
    expect(server().lastCall().headers.authorization).toBe(`Bearer ${token}`);
  });

  it('refuses --days that is not a whole number of at least 1', async () => {
    const result = await dealdesk(['token', 'create', 'nightly', '--days', '0']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('expected a whole number from 1');
  });

  it("sends a refused revoke back as exit 1 with the server's message on stderr", async () => {
    server().replyTo(`DELETE /api/admin/tokens/${id}`, {
      httpStatus: 404,
      payload: { status: false, message: 'API token not found' },
    });
    const result = await dealdesk(['token', 'revoke', id]);
    expect(result).toMatchObject({ exitCode: 1, stdout: '' });
    expect(result.stderr).toContain('API token not found');
  });

  it('refuses an id that is no id before anything is sent (exit 2)', async () => {
    const before = server().calls.length;
    const result = await dealdesk(['token', 'revoke', 'not-an-id']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).not.toBe('');
    expect(server().calls).toHaveLength(before);
  });

  it('tells an API token that managing tokens needs a signed-in session (exit 3)', async () => {
    // The server refuses an API token on the token calls as it refuses a bad one: 401.
    const refused = {
      httpStatus: 401,
      payload: { status: false, message: 'Invalid or expired token. Please log in again.' },
    };
    server().replyTo('GET /api/admin/tokens', refused);
    server().replyTo('POST /api/admin/tokens', refused);
    server().replyTo('GET /api/admin/Authorization', {
      payload: { status: true, message: 'Authorized' },
    });
    const list = await dealdesk(['token', 'list']);
    expect(list.exitCode).toBe(3);
    expect(list.stderr).toContain(
      'token list needs a signed-in session: run `dealdesk login` (API tokens cannot manage tokens)',
    );
    expect(list.stderr).not.toContain('expired');
    const create = await dealdesk(['--json', 'token', 'create', 'more']);
    expect(create.exitCode).toBe(3);
    expect(JSON.parse(create.stdout)).toEqual({
      status: false,
      message: expect.stringContaining('token create needs a signed-in session') as string,
    });

    // A token the server refuses everywhere is still an expired or revoked one.
    server().replyTo('GET /api/admin/Authorization', refused);
    const revoked = await dealdesk(['token', 'list']);
    expect(revoked.exitCode).toBe(3);
    expect(revoked.stderr).toContain('DEALDESK_TOKEN was refused');
  });
});
