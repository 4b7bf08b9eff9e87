import { endpoints } from '@dealdesk/core';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Context } from '../context.js';
import { cliAgainstTestServer } from '../testing/fake-api.js';
import { canPrompt, promptStreams } from './session.js';

const { dealdesk, server, lastBody } = cliAgainstTestServer();
const admin = { a_id: 'ops1', a_name: 'Ops', a_email: 'ops@example.test' };

describe('dealdesk login, whoami, logout', () => {
  it('signs in with the password and the mailed code from standard input, and keeps the session', async () => {
    server().replyTo('POST /api/admin/login', {
      payload: { status: true, message: 'Code sent to your email', token: 'half-token' },
    });
    server().replyTo('POST /api/admin/login/otp', {
      payload: { status: true, message: endpoints.admin.loginOtp.message, token: 'session-token' },
    });
    server().replyTo('GET /api/admin/AdminData', {
      payload: { status: true, message: 'Admin data', data: admin },
    });
    server().replyTo('POST /api/admin/Logout', {
      payload: { status: true, message: endpoints.admin.logout.message },
    });
    // A config of its own, shared by the three commands; no token from the environment.
    const env = {
      XDG_CONFIG_HOME: await mkdtemp(join(tmpdir(), 'dealdesk-session-')),
      DEALDESK_TOKEN: undefined,
    };

    const login = await dealdesk(['login', '--id', 'ops1'], 'Passw0rd!\n123456\n', env);
    expect(login.exitCode).toBe(0);
    expect(login.stdout).toContain('Signed in as ops1 (profile default)');
    expect(lastBody()).toEqual({ otp: '123456' });
    expect(server().lastCall().headers.authorization).toBe('Bearer half-token');

    const whoami = await dealdesk(['whoami', '--json'], '', env);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ admin, credential: 'saved session' });
    expect(server().lastCall().headers.authorization).toBe('Bearer session-token');

    expect((await dealdesk(['logout'], '', env)).stdout).toContain('Signed out');
    const after = await dealdesk(['whoami'], '', env);
    expect(after.exitCode).toBe(3);
    expect(after.stderr).toContain('Not signed in');
  });

  it("ends with exit 3 and the server's message when the password is refused", async () => {
    server().replyTo('POST /api/admin/login', {
      httpStatus: 400,
      payload: { status: false, message: 'Invalid credentials' },
    });
    const result = await dealdesk(['login', '--id', 'ops1'], 'wrong\n', {
      DEALDESK_TOKEN: undefined,
    });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('Invalid credentials');
  });

  it('asks scripts for --id rather than waiting on a prompt (exit 2)', async () => {
    const result = await dealdesk(['login'], '', { DEALDESK_TOKEN: undefined });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('Give the admin ID with --id');
  });
});

describe('login prompts', () => {
  it('are drawn on stderr and asked whenever stdin is a terminal, even with stdout piped', () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const streams = { stdin, stdout, stderr };
    expect(promptStreams(streams)).toEqual({ input: stdin, output: stderr });
    const context = { json: false, streams } as unknown as Context;
    expect(canPrompt(context)).toBe(true);
    expect(canPrompt({ ...context, json: true } as Context)).toBe(false);
    const piped = { json: false, streams: { ...streams, stdin: new PassThrough() } };
    expect(canPrompt(piped as unknown as Context)).toBe(false);
  });
});
