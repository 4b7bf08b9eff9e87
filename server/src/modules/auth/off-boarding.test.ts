// Off-boarding leaves nothing behind (issue 35): a disabled administrator's invitations, writes
// still in flight, and their authenticator and admin ID rules.
import { adminIdMessages, createApiClient, secondFactorMessages } from '@dealdesk/core';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  startTestServer,
  testAuthSettings,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { codeIn } from '../../testing/smtp-capture.js';
import { sample } from '../stories/testing.js';
import { administratorMessages } from './administrators.js';
import { messages } from './messages.js';
import { authenticatorCode } from './totp.js';

/**
 * A fetch that sends the first half of a body, then waits for `release` before the rest: the
 * call is past its guard and reading its upload meanwhile.
 */
const halfThenWait =
  (release: Promise<void>): typeof fetch =>
  async (url, init) => {
    const form = new Response(init?.body);
    const bytes = new Uint8Array(await form.arrayBuffer());
    const half = Math.floor(bytes.length / 2);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.slice(0, half));
        await release;
        controller.enqueue(bytes.slice(half));
        controller.close();
      },
    });
    const headers = new Headers(init?.headers);
    headers.set('content-type', form.headers.get('content-type') ?? '');
    // Node's fetch streams a body only with duplex 'half'.
    const streamed: RequestInit & { duplex: 'half' } = { ...init, headers, body, duplex: 'half' };
    return fetch(url, streamed);
  };

/** Waits until `ready` answers true, asking the database again and again (no timed guess). */
async function until(ready: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; !(await ready()); tries += 1) {
    if (tries > 2_000) throw new Error('never ready');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(dialects)('off-boarding an administrator on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    // Six authenticator code tries per administrator, whatever the address.
    const auth = { ...testAuthSettings, authenticatorTriesPerAdmin: { max: 6, windowMs: 60_000 } };
    server = await startTestServer(testConfig(database, { auth }));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const db = () => server.app.dealdesk.context.db;

  /** A new administrator with a session issued straight in the database. */
  async function adminWithSession() {
    const admin = await createTestAdmin(server);
    const { id } = await db()
      .selectFrom('admins')
      .select('id')
      .where('a_id', '=', admin.a_id)
      .executeTakeFirstOrThrow();
    const inADay = new Date(server.clock.now().getTime() + 86_400_000).toISOString();
    const { token, row } = await server.app.dealdesk.auth.tokens.issue('session', id, inADay);
    return { ...admin, id, sessionId: row.id, token, api: clientFor(server, () => token) };
  }

  /** The link's token and the code of the last invitation the console mailer printed to `email`. */
  function invitationMail(email: string) {
    const mail = server.printed.findLast((text) => text.includes(email)) ?? '';
    return {
      token: /\/admin\/panel\/invite\?token=(\S+)/.exec(mail)?.[1] ?? '',
      code: codeIn(mail),
    };
  }

  it('cancels the invitations a disabled administrator sent', async () => {
    const [keeper, leaver] = [await adminWithSession(), await adminWithSession()];
    const email = `invited.${dialect}.${Date.now()}@example.test`;
    expect((await leaver.api.admin.inviteAdministrator({ a_email: email })).status).toBe(true);
    const { token, code } = invitationMail(email);

    const disabled = await keeper.api.admin.disableAdministrator({ id: leaver.id });
    expect(disabled).toMatchObject({ status: true, data: { status: 'disabled' } });
    const listed = await keeper.api.admin.listAdministrators();
    expect(listed.invitations?.map((row) => row.email)).not.toContain(email);
    const accepted = await clientFor(server).admin.acceptInvitation({
      token,
      code,
      a_id: `late-${dialect}`,
      password: 'late-password',
    });
    expect(accepted).toMatchObject({
      httpStatus: 400,
      message: administratorMessages.invitationInvalid,
    });
    const entry = await db()
      .selectFrom('audit_log')
      .select('after')
      .where('item_id', '=', leaver.id)
      .where('action', '=', 'disable')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after ?? '{}')).toEqual({
      status: 'disabled',
      invitationsCancelled: 1,
    });
  });

  it('fails a write whose administrator is disabled while it uploads: nothing stored or pushed', async () => {
    const [keeper, leaver] = [await adminWithSession(), await adminWithSession()];
    const outbox = join(server.config.dataDir, 'push-outbox');
    const pushes = async () => (await readdir(outbox).catch(() => [])).length;
    const pushed = await pushes();
    const title = `Held ${dialect} ${Date.now()}`;
    let release = () => {};
    const held = createApiClient({
      baseUrl: server.baseUrl,
      apiKey: server.config.apiKey,
      secret: server.config.secret,
      token: () => leaver.token,
      fetch: halfThenWait(new Promise<void>((resolve) => (release = resolve))),
    });
    const sending = held.notifications.send({
      title,
      message: 'Sent by an administrator on the way out',
      url: '',
      image: sample('png'),
    });
    // The guard marks the fresh session used: the call is past it, its upload still open.
    await until(async () => {
      const session = await db()
        .selectFrom('auth_tokens')
        .select('last_used_at')
        .where('id', '=', leaver.sessionId)
        .executeTakeFirst();
      return session?.last_used_at !== null;
    });
    expect((await keeper.api.admin.disableAdministrator({ id: leaver.id })).status).toBe(true);
    release();

    expect(await sending).toMatchObject({ httpStatus: 401, message: messages.tokenInvalid });
    expect(await pushes()).toBe(pushed);
    const stored = await db()
      .selectFrom('notifications')
      .select('id')
      .where('n_title', '=', title)
      .execute();
    expect(stored).toEqual([]);
    const written = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('admin_id', '=', leaver.id)
      .execute();
    expect(written).toEqual([]);
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^dealdesk_admin_refusals_total\{reason="caller-ended"\} 1$/m);
  });

  /** Turns `admin`'s authenticator app on; answers its key and recovery codes. */
  async function withAuthenticator(admin: Awaited<ReturnType<typeof adminWithSession>>) {
    const secret = (await admin.api.admin.authenticatorSetup()).secret ?? '';
    const code = authenticatorCode(secret, server.clock.now());
    const confirmed = await admin.api.admin.authenticatorConfirm({ code });
    expect(confirmed).toMatchObject({ status: true, data: { enabled: true } });
    return { secret, recoveryCodes: confirmed.recoveryCodes ?? [] };
  }

  it('moves the authenticator app to another phone only with a code from it or a recovery code', async () => {
    const admin = await adminWithSession();
    const { secret, recoveryCodes } = await withAuthenticator(admin);
    const alone = await admin.api.admin.authenticatorSetup();
    expect(alone).toMatchObject({
      httpStatus: 400,
      message: secondFactorMessages.moveNeedsCode,
    });
    // The confirming code's step is spent: the same code again is a wrong one.
    const spent = authenticatorCode(secret, server.clock.now());
    expect(await admin.api.admin.authenticatorSetup({ code: spent })).toMatchObject({
      httpStatus: 400,
      message: messages.wrongCode,
    });
    const moved = await admin.api.admin.authenticatorSetup({ code: recoveryCodes[0] ?? '' });
    expect(moved.status).toBe(true);
    const code = authenticatorCode(moved.secret ?? '', server.clock.now());
    expect((await admin.api.admin.authenticatorConfirm({ code })).status).toBe(true);
  });

  it('limits authenticator code tries per administrator, not only per address', async () => {
    const [tried, other] = [await adminWithSession(), await adminWithSession()];
    await withAuthenticator(tried);
    await withAuthenticator(other);
    // Two tries went to the set-up; four wrong codes reach the six.
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect((await tried.api.admin.authenticatorOff({ code: 'zzzzz-zzzzz' })).httpStatus).toBe(
        400,
      );
    const refused = await tried.api.admin.authenticatorOff({ code: 'zzzzz-zzzzz' });
    expect(refused.httpStatus).toBe(429);
    // The same address, another administrator: their own tries.
    expect((await other.api.admin.authenticatorOff({ code: 'zzzzz-zzzzz' })).httpStatus).toBe(400);
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^dealdesk_admin_refusals_total\{reason="code-tries-per-admin"\} 1$/m);
  });

  it('refuses an admin ID that is an existing one in another case or form, or looks like one', async () => {
    const inviter = await adminWithSession();
    await server.app.dealdesk.auth.createAdmin({
      a_id: 'copy',
      a_email: `copy.${dialect}@example.test`,
      password: 'copy-password',
    });
    const email = `alike.${dialect}.${Date.now()}@example.test`;
    expect((await inviter.api.admin.inviteAdministrator({ a_email: email })).status).toBe(true);
    const { token, code } = invitationMail(email);
    const answer = (a_id: string) =>
      clientFor(server).admin.acceptInvitation({ token, code, a_id, password: 'alike-password' });

    for (const taken of ['COPY', '\uff43\uff4f\uff50\uff59'])
      expect(await answer(taken)).toMatchObject({
        httpStatus: 409,
        message: administratorMessages.adminIdTaken,
      });
    // All Cyrillic, and Latin with a zero: each looks like "copy".
    for (const alike of ['\u0441\u043e\u0440\u0443', 'c0py'])
      expect(await answer(alike)).toMatchObject({
        httpStatus: 409,
        message: adminIdMessages.confusable,
      });
    expect(await answer('c\u043epy')).toMatchObject({
      httpStatus: 400,
      message: adminIdMessages.mixedScripts,
    });
    // The refusals spent nothing: the invitation still makes a clearly different ID.
    expect(await answer('copy-editor')).toMatchObject({ status: true, a_id: 'copy-editor' });
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^dealdesk_admin_refusals_total\{reason="admin-id"\} 4$/m);
  });

  it('counts sign-in tries on an admin ID whatever its case or form', async () => {
    const guest = clientFor(server).admin;
    const tries = ['copy', 'COPY', 'Copy', '\uff43\uff4f\uff50\uff59', 'cOpY'];
    for (const a_id of tries)
      expect((await guest.login({ a_id, a_password: 'not-the-password' })).httpStatus).toBe(401);
    const sixth = await guest.login({ a_id: '\uff23\uff2f\uff30\uff39', a_password: 'x' });
    expect(sixth.httpStatus).toBe(429);
  });
});
