import { endpoints, recoveryCodeCount, secondFactorMessages } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAuthSettings } from '../../config.js';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testClock,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { codeIn, startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { messages } from './messages.js';
import { authenticatorMessages } from './second-factor.js';
import { authenticatorCode, base32Decode, totpStepSeconds } from './totp.js';

const step = totpStepSeconds * 1000;
// Time stands still here unless a test moves it: codes are computed for known moments.
const start = new Date('2026-03-02T09:00:10.000Z');

describe.each(dialects)('the authenticator app as the second sign-in step on %s', (dialect) => {
  let database: TestDatabase;
  let smtp: SmtpCapture;
  let server: TestServer;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    smtp = await startSmtpCapture();
    server = await startTestServer(
      testConfig(database, { smtpUrl: smtp.url }),
      () => {},
      testClock(start),
    );
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
    await database.drop();
  });

  const now = () => server.clock.now();
  const codeAt = (secret: string, offsetSteps = 0) =>
    authenticatorCode(secret, new Date(now().getTime() + offsetSteps * step));
  const mailedCode = async (email: string) => codeIn((await smtp.nextMail(email)).body);

  /** An admin signed in by mail, with the app set up and confirmed; the clock moved a step on. */
  async function enrolled() {
    const admin = await createTestAdmin(server);
    const session = await signIn(server, admin, mailedCode);
    const api = clientFor(server, () => session);
    const setup = await api.admin.authenticatorSetup();
    expect(setup).toMatchObject({ status: true, httpStatus: 200 });
    const secret = setup.secret ?? '';
    const confirmed = await api.admin.authenticatorConfirm({ code: codeAt(secret) });
    expect(confirmed).toMatchObject({ status: true, data: { enabled: true } });
    await smtp.nextMail(admin.a_email); // the notice
    server.clock.advance(step);
    return { admin, api, secret, recoveryCodes: confirmed.recoveryCodes ?? [] };
  }

  /** Step 1 of sign-in; answers a client carrying its temporary token. */
  async function stepOne(admin: { a_id: string; password: string }) {
    const state = { token: null as string | null };
    const api = clientFor(server, () => state.token);
    const login = await api.admin.login({ a_id: admin.a_id, a_password: admin.password });
    state.token = login.token ?? null;
    return { login, api };
  }

  it('sets up with a key shown once as text, link and QR code, confirmed by a code', async () => {
    const admin = await createTestAdmin(server);
    const session = await signIn(server, admin, mailedCode);
    const api = clientFor(server, () => session);
    expect((await api.admin.authenticatorStatus()).data).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    const first = await api.admin.authenticatorSetup();
    const setup = await api.admin.authenticatorSetup();
    const secret = setup.secret ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toBe(
      `otpauth://totp/Dealdesk:${admin.a_id}?secret=${secret}&issuer=Dealdesk&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode?.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');

    // The later set-up replaced the first: its code confirms nothing.
    expect(
      await api.admin.authenticatorConfirm({ code: codeAt(first.secret ?? '') }),
    ).toMatchObject({ status: false, message: messages.wrongCode, httpStatus: 400 });
    const confirmed = await api.admin.authenticatorConfirm({ code: codeAt(secret) });
    expect(confirmed).toMatchObject({
      status: true,
      message: endpoints.admin.authenticatorConfirm.message,
      data: { enabled: true, enabledAt: start.toISOString(), recoveryCodesLeft: 10 },
    });
    expect(confirmed.recoveryCodes).toHaveLength(recoveryCodeCount);
    expect(new Set(confirmed.recoveryCodes).size).toBe(recoveryCodeCount);
    for (const code of confirmed.recoveryCodes ?? [])
      expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);

    const notice = await smtp.nextMail(admin.a_email);
    expect(notice.raw).toMatch(/^Subject: Dealdesk: authenticator app turned on$/m);
    // Confirmed once: no key waits any more.
    expect(await api.admin.authenticatorConfirm({ code: codeAt(secret, 1) })).toMatchObject({
      message: authenticatorMessages.notStarted,
      httpStatus: 409,
    });
  });

  it('keeps the key sealed: the database holds neither the base32 key nor the recovery codes', async () => {
    const { admin, secret, recoveryCodes } = await enrolled();
    const { db } = server.app.dealdesk.context;
    const rows = await db.selectFrom('admin_authenticators').selectAll().execute();
    const codes = await db.selectFrom('admin_recovery_codes').selectAll().execute();
    const stored = JSON.stringify([rows, codes]).toLowerCase();
    // The key in every spelling it could be kept in: base32, its bytes as hex and base64.
    const key = base32Decode(secret);
    for (const spelling of [
      secret,
      key.toString('hex'),
      key.toString('base64'),
      key.toString('base64url'),
    ])
      expect(stored).not.toContain(spelling.toLowerCase());
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    const { id } = await db
      .selectFrom('admins')
      .select('id')
      .where('a_id', '=', admin.a_id)
      .executeTakeFirstOrThrow();
    const own = rows.find((row) => row.admin_id === id);
    expect(own?.secret).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(own?.pending_secret).toBeNull();
  });

  it('signs in with the app: nothing mailed, step 1 says totp, the code opens a session', async () => {
    const { admin, secret } = await enrolled();
    const { login, api } = await stepOne(admin);
    expect(login).toMatchObject({
      status: true,
      message: secondFactorMessages.enterAuthenticatorCode,
      secondFactor: 'totp',
    });
    await expect(smtp.nextMail(admin.a_email, 300)).rejects.toThrow('no mail');

    const confirmed = await api.admin.loginOtp({ otp: codeAt(secret) });
    expect(confirmed).toMatchObject({ status: true, message: endpoints.admin.loginOtp.message });
    const session = clientFor(server, () => confirmed.token ?? null);
    expect((await session.admin.authenticatorStatus()).data?.enabled).toBe(true);
  });

  it('says email for an admin without the app, and mails the code as before', async () => {
    const admin = await createTestAdmin(server);
    const { login, api } = await stepOne(admin);
    expect(login).toMatchObject({
      message: endpoints.admin.login.message,
      secondFactor: 'email',
    });
    const confirmed = await api.admin.loginOtp({ otp: await mailedCode(admin.a_email) });
    expect(confirmed.status).toBe(true);
  });

  it('accepts the codes of one step either side, never two away', async () => {
    const { admin, secret } = await enrolled();
    // Two steps after the confirming code's, so the step before now is still unused.
    server.clock.advance(step);
    for (const offset of [-2, 2]) {
      const { api } = await stepOne(admin);
      expect(await api.admin.loginOtp({ otp: codeAt(secret, offset) })).toMatchObject({
        message: messages.wrongCode,
        httpStatus: 401,
      });
    }
    // Steps are used in order: the one before now, then the one after.
    for (const offset of [-1, 1]) {
      const { api } = await stepOne(admin);
      expect((await api.admin.loginOtp({ otp: codeAt(secret, offset) })).status).toBe(true);
    }
  });

  it('refuses a code whose step was used already, and an older one', async () => {
    const { admin, secret } = await enrolled();
    const code = codeAt(secret);
    expect((await (await stepOne(admin)).api.admin.loginOtp({ otp: code })).status).toBe(true);
    const again = await stepOne(admin);
    expect(await again.api.admin.loginOtp({ otp: code })).toMatchObject({
      message: messages.wrongCode,
      httpStatus: 401,
    });
    // The step before is older than the one used: refused too, though within the window.
    expect(await again.api.admin.loginOtp({ otp: codeAt(secret, -1) })).toMatchObject({
      httpStatus: 401,
    });
    server.clock.advance(step);
    expect((await again.api.admin.loginOtp({ otp: codeAt(secret) })).status).toBe(true);
  });

  it('counts wrong codes against the tries of the sign-in, as mailed codes', async () => {
    const { admin, secret } = await enrolled();
    const { api } = await stepOne(admin);
    const right = codeAt(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < defaultAuthSettings.codeMaxTries; attempt += 1) {
      expect(await api.admin.loginOtp({ otp: wrong })).toMatchObject({
        message: messages.wrongCode,
        httpStatus: 401,
      });
    }
    expect(await api.admin.loginOtp({ otp: 'zzzzz-zzzzz' })).toMatchObject({
      message: messages.noTriesLeft,
      httpStatus: 401,
    });
    expect((await api.admin.loginOtp({ otp: right })).httpStatus).toBe(401);
  });

  it('takes a recovery code once, typed in any case, with or without its hyphen', async () => {
    const { admin, api: owner, recoveryCodes } = await enrolled();
    const [first = '', second = ''] = recoveryCodes;
    const { api } = await stepOne(admin);
    expect((await api.admin.loginOtp({ otp: first.toUpperCase() })).status).toBe(true);
    const again = await stepOne(admin);
    expect(await again.api.admin.loginOtp({ otp: first })).toMatchObject({
      message: messages.wrongCode,
      httpStatus: 401,
    });
    expect((await again.api.admin.loginOtp({ otp: second.replace('-', '') })).status).toBe(true);
    expect((await owner.admin.authenticatorStatus()).data?.recoveryCodesLeft).toBe(8);
  });

  it('makes new recovery codes with a code; the earlier ones stop working', async () => {
    const { admin, api, secret, recoveryCodes } = await enrolled();
    expect(await api.admin.authenticatorRecoveryCodes({ code: '000000' })).toMatchObject({
      status: false,
      httpStatus: 400,
    });
    const renewed = await api.admin.authenticatorRecoveryCodes({ code: codeAt(secret) });
    expect(renewed).toMatchObject({ status: true, data: { recoveryCodesLeft: 10 } });
    expect(renewed.recoveryCodes).toHaveLength(10);
    const notice = await smtp.nextMail(admin.a_email);
    expect(notice.raw).toMatch(/^Subject: Dealdesk: new recovery codes$/m);

    const { api: signing } = await stepOne(admin);
    expect((await signing.admin.loginOtp({ otp: recoveryCodes[0] ?? '' })).httpStatus).toBe(401);
    expect((await signing.admin.loginOtp({ otp: renewed.recoveryCodes?.[0] ?? '' })).status).toBe(
      true,
    );
  });

  it('turns off with a recovery code (not a wrong one); sign-in mails the code again', async () => {
    const { admin, api, recoveryCodes } = await enrolled();
    expect(await api.admin.authenticatorOff({ code: 'zzzzz-zzzzz' })).toMatchObject({
      message: messages.wrongCode,
      httpStatus: 400,
    });
    const off = await api.admin.authenticatorOff({ code: recoveryCodes[3] ?? '' });
    expect(off).toMatchObject({
      status: true,
      data: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
    });
    const notice = await smtp.nextMail(admin.a_email);
    expect(notice.raw).toMatch(/^Subject: Dealdesk: authenticator app turned off$/m);
    expect(await api.admin.authenticatorOff({ code: '123456' })).toMatchObject({
      message: authenticatorMessages.notOn,
      httpStatus: 409,
    });

    const { login, api: signing } = await stepOne(admin);
    expect(login.secondFactor).toBe('email');
    expect((await signing.admin.loginOtp({ otp: await mailedCode(admin.a_email) })).status).toBe(
      true,
    );
  });

  it('turns off with a current code, and writes an audit entry for each change', async () => {
    const { admin, api, secret } = await enrolled();
    expect((await api.admin.authenticatorOff({ code: codeAt(secret) })).status).toBe(true);
    await smtp.nextMail(admin.a_email);
    const { db } = server.app.dealdesk.context;
    const adminRow = await db
      .selectFrom('admins')
      .select('id')
      .where('a_id', '=', admin.a_id)
      .executeTakeFirstOrThrow();
    const entries = await db
      .selectFrom('audit_log')
      .select(['action', 'kind', 'item_id'])
      .where('item_id', '=', adminRow.id)
      .where('action', 'in', ['second-factor-on', 'second-factor-off'])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { action: 'second-factor-on', kind: 'admin', item_id: adminRow.id },
      { action: 'second-factor-off', kind: 'admin', item_id: adminRow.id },
    ]);
  });

  it('refuses input that is neither a code nor a recovery code before it costs a try', async () => {
    const { admin } = await enrolled();
    const { api } = await stepOne(admin);
    expect(await api.admin.loginOtp({ otp: 'not-a-code' })).toMatchObject({
      message: secondFactorMessages.signInCode,
      httpStatus: 400,
    });
    const session = clientFor(server, () => null);
    expect((await session.admin.authenticatorSetup()).httpStatus).toBe(401);
  });
});
