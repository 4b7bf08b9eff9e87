import { createApiClient, endpoints } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAuthSettings } from '../../config.js';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testAuthSettings,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { codeIn, startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { messages } from './messages.js';

const minute = 60_000;

describe.each(dialects)('sign-in, reset, sessions and API tokens on %s', (dialect) => {
  let database: TestDatabase;
  let smtp: SmtpCapture;
  let server: TestServer;
  const mailedCode = async (email: string) => codeIn((await smtp.nextMail(email)).body);

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    smtp = await startSmtpCapture();
    server = await startTestServer(testConfig(database, { smtpUrl: smtp.url }));
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
    await database.drop();
  });

  /** A client whose bearer token the test sets as the steps go. */
  function session() {
    const state = { token: null as string | null };
    return { state, api: clientFor(server, () => state.token) };
  }

  it('signs in with the code mailed to the admin, and the session opens the admin calls', async () => {
    const admin = await createTestAdmin(server);
    const { state, api } = session();

    const login = await api.admin.login({ a_id: admin.a_id, a_password: admin.password });
    expect(login).toMatchObject({
      status: true,
      message: endpoints.admin.login.message,
      httpStatus: 200,
    });
    expect(login.token).toEqual(expect.any(String));

    const mail = await smtp.nextMail(admin.a_email);
    expect(mail.raw).toMatch(/^Subject: Your Dealdesk verification code$/m);
    expect(mail.body).toContain('expires in 5 minutes');
    const code = codeIn(mail.body);
    expect(code).toMatch(/^\d{6}$/);

    // The temporary token is not a session yet.
    state.token = login.token ?? null;
    expect((await api.admin.authorization()).httpStatus).toBe(401);

    const confirmed = await api.admin.loginOtp({ otp: code });
    expect(confirmed).toMatchObject({
      status: true,
      message: endpoints.admin.loginOtp.message,
      httpStatus: 200,
    });
    expect(confirmed.token).not.toBe(login.token);

    state.token = confirmed.token ?? null;
    expect(await api.admin.authorization()).toMatchObject({ status: true, httpStatus: 200 });
    const data = await api.admin.adminData();
    expect(data.data).toMatchObject({ a_id: admin.a_id, a_email: admin.a_email });
  });

  it('answers a wrong password and an unknown admin ID the same way, and mails nothing', async () => {
    const admin = await createTestAdmin(server);
    const api = clientFor(server);
    const wrongPassword = await api.admin.login({
      a_id: admin.a_id,
      a_password: 'not-the-password',
    });
    const unknownId = await api.admin.login({ a_id: 'nobody-here', a_password: admin.password });
    for (const answer of [wrongPassword, unknownId]) {
      expect(answer).toEqual({
        status: false,
        message: messages.wrongCredentials,
        httpStatus: 401,
      });
    }
    await expect(smtp.nextMail(admin.a_email, 300)).rejects.toThrow('no mail');
  });

  it('refuses a wrong code, and the fifth wrong try spends the code', async () => {
    const admin = await createTestAdmin(server);
    const { state, api } = session();
    state.token =
      (await api.admin.login({ a_id: admin.a_id, a_password: admin.password })).token ?? null;
    const code = await mailedCode(admin.a_email);
    const wrong = code === '000000' ? '111111' : '000000';

    for (let attempt = 1; attempt < defaultAuthSettings.codeMaxTries; attempt += 1) {
      expect(await api.admin.loginOtp({ otp: wrong })).toMatchObject({
        status: false,
        message: messages.wrongCode,
        httpStatus: 401,
      });
    }
    expect(await api.admin.loginOtp({ otp: wrong })).toMatchObject({
      message: messages.noTriesLeft,
      httpStatus: 401,
    });
    // Even the right code is too late now.
    expect(await api.admin.loginOtp({ otp: code })).toMatchObject({
      status: false,
      httpStatus: 401,
    });
  });

  it('refuses an expired code', async () => {
    const admin = await createTestAdmin(server);
    const { state, api } = session();
    state.token =
      (await api.admin.login({ a_id: admin.a_id, a_password: admin.password })).token ?? null;
    const code = await mailedCode(admin.a_email);
    server.clock.advance(5 * minute + 1_000);
    expect(await api.admin.loginOtp({ otp: code })).toEqual({
      status: false,
      message: messages.codeExpired,
      httpStatus: 401,
    });
  });

  it('accepts a code once: neither the code nor the session token opens the code step again', async () => {
    const admin = await createTestAdmin(server);
    const { state, api } = session();
    const temporary =
      (await api.admin.login({ a_id: admin.a_id, a_password: admin.password })).token ?? null;
    state.token = temporary;
    const code = await mailedCode(admin.a_email);
    const first = await api.admin.loginOtp({ otp: code });
    expect(first.status).toBe(true);

    expect(await api.admin.loginOtp({ otp: code })).toEqual({
      status: false,
      message: messages.tokenInvalid,
      httpStatus: 401,
    });
    state.token = first.token ?? null;
    expect((await api.admin.loginOtp({ otp: code })).httpStatus).toBe(401);
  });

  it('asks for a token where one is needed', async () => {
    const api = clientFor(server);
    expect(await api.admin.authorization()).toEqual({
      status: false,
      message: messages.tokenMissing,
      httpStatus: 401,
    });
    const forged = clientFor(server, () => 'forged-token');
    expect(await forged.admin.adminData()).toMatchObject({
      message: messages.tokenInvalid,
      httpStatus: 401,
    });
  });

  it('ends a session when it expires', async () => {
    const admin = await createTestAdmin(server);
    const token = await signIn(server, admin, mailedCode);
    const api = clientFor(server, () => token);
    server.clock.advance(defaultAuthSettings.sessionTtlMs - minute);
    expect((await api.admin.authorization()).status).toBe(true);
    server.clock.advance(2 * minute);
    expect(await api.admin.authorization()).toEqual({
      status: false,
      message: messages.sessionExpired,
      httpStatus: 401,
    });
  });

  it('ends the session on logout, and only that session', async () => {
    const admin = await createTestAdmin(server);
    const first = await signIn(server, admin, mailedCode);
    const second = await signIn(server, admin, mailedCode);
    const api = clientFor(server, () => first);
    expect(await api.admin.logout()).toMatchObject({
      status: true,
      message: endpoints.admin.logout.message,
    });
    expect((await api.admin.authorization()).httpStatus).toBe(401);
    expect((await clientFor(server, () => second).admin.authorization()).status).toBe(true);
  });

  it('resets the password end to end: email, code, new password, and every session ends', async () => {
    const admin = await createTestAdmin(server);
    const oldSession = await signIn(server, admin, mailedCode);
    const { state, api } = session();

    const started = await api.admin.forgetPassword({ a_email: admin.a_email.toUpperCase() });
    expect(started).toMatchObject({
      status: true,
      message: endpoints.admin.forgetPassword.message,
    });
    state.token = started.token ?? null;
    const code = await mailedCode(admin.a_email);

    // The reset token cannot set a password before its code, nor sign in.
    expect((await api.admin.newPassword({ password: 'brand-new-pw' })).httpStatus).toBe(401);
    expect((await api.admin.authorization()).httpStatus).toBe(401);

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await api.admin.forgetPasswordOtp({ otp: wrong })).toMatchObject({
      message: messages.wrongCode,
    });
    expect(await api.admin.forgetPasswordOtp({ otp: code })).toMatchObject({
      status: true,
      message: endpoints.admin.forgetPasswordOtp.message,
    });

    expect(await api.admin.newPassword({ password: '12345' })).toEqual({
      status: false,
      message: 'Password must be at least 6 characters long',
      httpStatus: 400,
    });
    expect(await api.admin.newPassword({ password: 'brand-new-pw' })).toMatchObject({
      status: true,
      message: endpoints.admin.newPassword.message,
    });
    const notice = await smtp.nextMail(admin.a_email);
    expect(notice.raw).toMatch(/^Subject: Dealdesk: your password was changed$/m);
    // The reset token was spent, and the sessions of before are over.
    expect((await api.admin.newPassword({ password: 'another-pw' })).httpStatus).toBe(401);
    expect((await clientFor(server, () => oldSession).admin.authorization()).httpStatus).toBe(401);

    const login = clientFor(server).admin;
    expect((await login.login({ a_id: admin.a_id, a_password: admin.password })).httpStatus).toBe(
      401,
    );
    expect(await signIn(server, { ...admin, password: 'brand-new-pw' }, mailedCode)).toEqual(
      expect.any(String),
    );
  });

  it('starts a reset for an address without a dot in its host, like the default admin@localhost', async () => {
    const admin = { ...(await createTestAdmin(server)), a_email: '' };
    admin.a_email = `${admin.a_id}@localhost`;
    await server.app.dealdesk.auth.createAdmin({ ...admin, a_id: `${admin.a_id}-local` });
    const { state, api } = session();
    const started = await api.admin.forgetPassword({ a_email: admin.a_email });
    expect(started).toMatchObject({
      status: true,
      message: endpoints.admin.forgetPassword.message,
    });
    state.token = started.token ?? null;
    const code = await mailedCode(admin.a_email);
    expect(await api.admin.forgetPasswordOtp({ otp: code })).toMatchObject({ status: true });
  });

  it('answers an unknown email exactly like a known one, and no code opens its token', async () => {
    const admin = await createTestAdmin(server);
    const { state, api } = session();
    const known = await api.admin.forgetPassword({ a_email: admin.a_email });
    const unknown = await api.admin.forgetPassword({ a_email: 'nobody@example.test' });
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(known).sort());
    expect(unknown).toMatchObject({
      status: true,
      message: known.message,
      httpStatus: known.httpStatus,
    });

    state.token = unknown.token ?? null;
    for (const otp of ['000000', '123456']) {
      expect(await api.admin.forgetPasswordOtp({ otp })).toMatchObject({
        message: messages.wrongCode,
        httpStatus: 401,
      });
    }
  });

  it('lets an API token call admin routes until it is revoked or expires', async () => {
    const admin = await createTestAdmin(server);
    const sessionToken = await signIn(server, admin, mailedCode);
    const manager = clientFor(server, () => sessionToken).admin;

    const created = await manager.createToken({ name: 'nightly cron' });
    expect(created).toMatchObject({ status: true, message: endpoints.admin.createToken.message });
    expect(created.token).toMatch(/^ddk_[A-Za-z0-9_-]{43}$/);
    expect(created.data).toMatchObject({ name: 'nightly cron', expiresAt: null, lastUsedAt: null });
    const apiToken = created.token ?? '';

    const script = clientFor(server, () => apiToken);
    expect((await script.admin.authorization()).status).toBe(true);
    expect((await script.admin.adminData()).data).toMatchObject({ a_id: admin.a_id });
    // Tokens are managed from a session only, and an API token is revoked rather than logged out.
    expect((await script.admin.listTokens()).httpStatus).toBe(401);
    expect((await script.admin.createToken({ name: 'more' })).httpStatus).toBe(401);
    expect(await script.admin.logout()).toMatchObject({ status: false, httpStatus: 400 });

    const listed = await manager.listTokens();
    expect(listed.data).toEqual([
      expect.objectContaining({
        _id: created.data?._id,
        name: 'nightly cron',
        lastUsedAt: expect.any(String),
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(apiToken);

    expect(await manager.revokeToken({ id: created.data?._id ?? '' })).toMatchObject({
      status: true,
      message: endpoints.admin.revokeToken.message,
    });
    expect((await script.admin.authorization()).httpStatus).toBe(401);
    expect(await manager.revokeToken({ id: created.data?._id ?? '' })).toMatchObject({
      message: messages.tokenNotFound,
      httpStatus: 404,
    });

    const expiring = await manager.createToken({ name: 'one day', expiresInDays: 1 });
    const shortLived = clientFor(server, () => expiring.token ?? null);
    expect((await shortLived.admin.authorization()).status).toBe(true);
    server.clock.advance(24 * 60 * minute + 1_000);
    expect((await shortLived.admin.authorization()).httpStatus).toBe(401);
  });

  it("cannot revoke another admin's API token (unless an owner)", async () => {
    const owner = await createTestAdmin(server);
    const other = await createTestAdmin(server, 'editor');
    const ownerApi = clientFor(
      server,
      await signIn(server, owner, mailedCode).then((t) => () => t),
    ).admin;
    const otherApi = clientFor(
      server,
      await signIn(server, other, mailedCode).then((t) => () => t),
    ).admin;
    const created = await ownerApi.createToken({ name: 'owned' });
    expect((await otherApi.revokeToken({ id: created.data?._id ?? '' })).httpStatus).toBe(404);
    expect((await otherApi.listTokens()).data).toEqual([]);
    expect(
      (await clientFor(server, () => created.token ?? null).admin.authorization()).status,
    ).toBe(true);
  });
});

describe.each(dialects)('sign-in rate limits on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(
      testConfig(database, {
        // The tests come from several addresses through a proxy that says so.
        trustProxy: true,
        auth: {
          ...testAuthSettings,
          loginPerAdminId: { max: 6, windowMs: 3_600_000 },
          loginPerAdminIdAndAddress: { max: 3, windowMs: 60_000 },
          loginPerAddress: { max: 8, windowMs: 60_000 },
        },
      }),
    );
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  /** The sign-in calls as seen coming from `address`. */
  const from = (address: string) =>
    createApiClient({
      baseUrl: server.baseUrl,
      apiKey: server.config.apiKey,
      secret: server.config.secret,
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': address },
        }),
    }).admin;
  const ceilingMails = (email: string) =>
    server.printed.filter(
      (text) =>
        text.toLowerCase().includes(`to: ${email.toLowerCase()}`) &&
        text.includes('sign-in paused'),
    ).length;

  it('locks an admin ID out of one address only: the right password elsewhere still signs in', async () => {
    const admin = await createTestAdmin(server);
    const stranger = from('203.0.113.7');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await stranger.login({ a_id: admin.a_id, a_password: 'wrong-password' });
      expect(wrong.httpStatus).toBe(401);
    }
    const limited = await stranger.login({ a_id: admin.a_id, a_password: admin.password });
    expect(limited.httpStatus).toBe(429);
    expect(limited.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    // The admin, elsewhere, is not locked out.
    const owner = await from('198.51.100.20').login({
      a_id: admin.a_id,
      a_password: admin.password,
    });
    expect(owner).toMatchObject({ status: true, httpStatus: 200 });
  });

  it('says in Retry-After when a refused sign-in may be tried again', async () => {
    const admin = await createTestAdmin(server);
    const attempt = () =>
      fetch(`${server.baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: {
          'x-api-key': server.config.apiKey,
          'content-type': 'application/json',
          'x-forwarded-for': '203.0.113.60',
        },
        body: JSON.stringify({ a_id: admin.a_id, a_password: 'wrong-password' }),
      });
    for (let tried = 0; tried < 3; tried += 1) expect((await attempt()).status).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    // The pair's window is a minute, and the server's clock has not moved.
    expect(refused.headers.get('retry-after')).toBe('60');
  });

  it('refuses an admin ID from anywhere past its ceiling, and mails the admin once', async () => {
    const admin = await createTestAdmin(server);
    const attempt = (address: string) =>
      from(address).login({ a_id: admin.a_id, a_password: 'wrong-password' });
    // Six attempts from three addresses reach the ceiling (two each, under the pair limit).
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      for (let round = 0; round < 2; round += 1)
        expect((await attempt(address)).httpStatus).toBe(401);
    expect(ceilingMails(admin.a_email)).toBe(0);
    const refused = await from('203.0.113.4').login({
      a_id: admin.a_id,
      a_password: admin.password,
    });
    expect(refused.httpStatus).toBe(429);
    expect((await attempt('203.0.113.5')).httpStatus).toBe(429);
    expect(ceilingMails(admin.a_email)).toBe(1);
  });

  it('limits every step per address, whatever ID is tried', async () => {
    const api = from('192.0.2.50');
    const other = await createTestAdmin(server);
    for (let attempt = 0; attempt < 7; attempt += 1) {
      expect(
        (await api.login({ a_id: `someone-${attempt}`, a_password: 'whatever' })).httpStatus,
      ).toBe(401);
    }
    expect((await api.login({ a_id: other.a_id, a_password: other.password })).httpStatus).toBe(
      200,
    );
    expect((await api.login({ a_id: other.a_id, a_password: other.password })).httpStatus).toBe(
      429,
    );
    expect((await api.forgetPassword({ a_email: other.a_email })).httpStatus).toBe(429);
  });
});
