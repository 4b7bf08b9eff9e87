import { createApiClient, recoveryCodeCount } from '@dealdesk/core';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { adminCommand, AdminCommandError } from '../../operations/admin-command.js';
import { builtServer } from '../../testing/processes.js';
import { codeIn, startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { administratorMessages } from './administrators.js';
import { messages } from './messages.js';
import { authenticatorCode } from './totp.js';

/** A mail's text as written: quoted-printable soft breaks and escapes undone. */
const decoded = (body: string) =>
  body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe.each(dialects)('administrators, sessions and notices on %s', (dialect) => {
  let database: TestDatabase;
  let smtp: SmtpCapture;
  let server: TestServer;
  const mailedCode = async (email: string) => codeIn(decoded((await smtp.nextMail(email)).body));

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

  async function signedIn() {
    const admin = await createTestAdmin(server);
    const token = await signIn(server, admin, mailedCode);
    return { admin, token, api: clientFor(server, () => token).admin };
  }

  /** A client that says it is Chrome on Windows, as a browser would. */
  const browserClient = (token: () => string | null) =>
    createApiClient({
      baseUrl: server.baseUrl,
      apiKey: server.config.apiKey,
      secret: server.config.secret,
      token,
      fetch: (url, init) => {
        const headers = new Headers(init?.headers);
        headers.set('user-agent', chromeOnWindows);
        return fetch(url, { ...init, headers });
      },
    }).admin;

  /** The audit entries of one item, oldest first. */
  const entriesOf = (itemId: string) =>
    server.app.dealdesk.context.db
      .selectFrom('audit_log')
      .select(['action', 'kind', 'client', 'admin_id'])
      .where('item_id', '=', itemId)
      .orderBy('id')
      .execute();

  /** Invites `email` and answers the link's token and the code from the mail. */
  async function invited(api: Awaited<ReturnType<typeof signedIn>>['api'], email: string) {
    const invitation = await api.inviteAdministrator({ a_email: email });
    expect(invitation).toMatchObject({ status: true, data: { email, expired: false } });
    const mail = decoded((await smtp.nextMail(email)).body);
    const token = /\/admin\/panel\/invite\?token=(\S+)/.exec(mail)?.[1];
    expect(token).toBeDefined();
    expect(mail).toContain(server.baseUrl);
    return { id: invitation.data?._id ?? '', token: token ?? '', code: codeIn(mail) };
  }

  it('invite -> accept -> sign in; disabling ends their session and API token at once', async () => {
    const { admin: first, api } = await signedIn();
    const email = `second.${Date.now()}@example.test`;
    const { id: invitationId, token, code } = await invited(api, email);
    const listed = await api.listAdministrators();
    expect(listed.invitations?.map((row) => row.email)).toContain(email);

    const guest = clientFor(server).admin;
    const wrong = await guest.acceptInvitation({
      token,
      code: code === '000000' ? '111111' : '000000',
      a_id: 'second',
      password: 'second-password',
    });
    expect(wrong).toMatchObject({ httpStatus: 400, message: administratorMessages.wrongCode });
    const second = { a_id: `second-${dialect}`, a_email: email, password: 'second-password' };
    const accepted = await guest.acceptInvitation({
      token,
      code,
      a_id: second.a_id,
      password: second.password,
    });
    expect(accepted).toMatchObject({ status: true, a_id: second.a_id });
    // The link works once.
    const again = await guest.acceptInvitation({
      token,
      code,
      a_id: 'third',
      password: 'pw-123456',
    });
    expect(again).toMatchObject({
      httpStatus: 400,
      message: administratorMessages.invitationInvalid,
    });

    const sessionToken = await signIn(server, second, mailedCode);
    const secondApi = clientFor(server, () => sessionToken).admin;
    const created = await secondApi.createToken({ name: 'nightly' });
    const notice = decoded((await smtp.nextMail(email)).body);
    expect(notice).toContain('A new API token named "nightly"');
    expect(notice).toContain('If this was not you');
    const apiToken = created.token ?? '';
    const byToken = clientFor(server, () => apiToken).admin;
    expect((await byToken.adminData()).status).toBe(true);

    const everyone = await api.listAdministrators();
    const row = everyone.data?.find((entry) => entry.a_id === second.a_id);
    expect(row).toMatchObject({ status: 'active', invitedBy: first.a_id, you: false });
    expect(everyone.invitations?.map((entry) => entry.email)).not.toContain(email);
    const secondId = row?._id ?? '';

    const disabled = await api.disableAdministrator({ id: secondId });
    expect(disabled).toMatchObject({ status: true, data: { status: 'disabled' } });
    expect((await secondApi.adminData()).httpStatus).toBe(401);
    expect((await byToken.adminData()).httpStatus).toBe(401);
    const refused = await guest.login({ a_id: second.a_id, a_password: second.password });
    expect(refused).toMatchObject({ httpStatus: 401, message: messages.wrongCredentials });
    // The reset mails nothing (the next mail to them is the sign-in code below).
    await guest.forgetPassword({ a_email: email });

    expect((await api.enableAdministrator({ id: secondId })).data?.status).toBe('active');
    // Enabling does not bring the old session back; a new sign-in works.
    expect((await secondApi.adminData()).httpStatus).toBe(401);
    await signIn(server, second, async () => {
      const mail = decoded((await smtp.nextMail(email)).body);
      expect(mail).toContain('Your code to log in to Dealdesk');
      return codeIn(mail);
    });

    expect((await entriesOf(invitationId)).map((entry) => entry.action)).toEqual(['invite']);
    expect((await entriesOf(secondId)).map((entry) => entry.action)).toEqual([
      'accept',
      'disable',
      'sign-in-failed',
      'enable',
    ]);
  });

  it('refuses disabling yourself, and answers 404 for an unknown admin', async () => {
    const { api, admin } = await signedIn();
    const me = (await api.listAdministrators()).data?.find((row) => row.a_id === admin.a_id);
    expect(me?.you).toBe(true);
    const self = await api.disableAdministrator({ id: me?._id ?? '' });
    expect(self).toMatchObject({ httpStatus: 409, message: administratorMessages.notYourself });
    const unknown = await api.disableAdministrator({ id: 'f'.repeat(24) });
    expect(unknown.httpStatus).toBe(404);
    expect((await api.enableAdministrator({ id: me?._id ?? '' })).httpStatus).toBe(409);
  });

  it('refuses inviting an existing email; re-inviting replaces the pending invitation', async () => {
    const { api, admin } = await signedIn();
    const taken = await api.inviteAdministrator({ a_email: admin.a_email });
    expect(taken).toMatchObject({ httpStatus: 409, message: administratorMessages.emailTaken });
    const email = `again.${Date.now()}@example.test`;
    const first = await invited(api, email);
    const second = await invited(api, email);
    const pending = (await api.listAdministrators()).invitations?.filter((i) => i.email === email);
    expect(pending?.map((row) => row._id)).toEqual([second.id]);
    const stale = await clientFor(server).admin.acceptInvitation({
      token: first.token,
      code: first.code,
      a_id: 'stale',
      password: 'stale-password',
    });
    expect(stale.httpStatus).toBe(400);
    expect((await api.cancelInvitation({ id: second.id })).status).toBe(true);
    expect((await api.listAdministrators()).invitations?.map((row) => row.email)).not.toContain(
      email,
    );
  });

  it('lists the sessions with device and address, and revokes one or all others', async () => {
    const admin = await createTestAdmin(server);
    const here = await signIn(server, admin, mailedCode);
    const elsewhere = await signIn(server, admin, mailedCode);
    const third = await signIn(server, admin, mailedCode);
    const api = clientFor(server, () => here).admin;
    const listed = await api.listSessions();
    expect(listed.data).toHaveLength(3);
    const current = listed.data?.filter((row) => row.current) ?? [];
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ address: '127.0.0.1', device: expect.any(String) });

    const other = listed.data?.find((row) => !row.current);
    expect((await api.revokeSession({ id: other?._id ?? '' })).status).toBe(true);
    const remaining = [elsewhere, third].map((token) => clientFor(server, () => token).admin);
    const statuses = await Promise.all(
      remaining.map(async (c) => (await c.adminData()).httpStatus),
    );
    expect(statuses.sort()).toEqual([200, 401]);
    expect((await api.revokeOtherSessions()).ended).toBe(1);
    expect((await api.listSessions()).data).toHaveLength(1);
    expect((await api.revokeSession({ id: 'f'.repeat(24) })).httpStatus).toBe(404);
  });

  it('records the device a session was started from', async () => {
    const admin = await createTestAdmin(server);
    let pending: string | null = null;
    const browser = browserClient(() => pending);
    pending = (await browser.login({ a_id: admin.a_id, a_password: admin.password })).token ?? null;
    const session = await browser.loginOtp({ otp: await mailedCode(admin.a_email) });
    const api = clientFor(server, () => session.token ?? null).admin;
    expect((await api.listSessions()).data?.[0]?.device).toBe('Chrome on Windows');
  });

  it('mails a notice when the password is reset', async () => {
    const admin = await createTestAdmin(server);
    let token: string | null = null;
    const api = clientFor(server, () => token).admin;
    token = (await api.forgetPassword({ a_email: admin.a_email })).token ?? null;
    await api.forgetPasswordOtp({ otp: await mailedCode(admin.a_email) });
    expect((await api.newPassword({ password: 'brand-new-password' })).status).toBe(true);
    const notice = await smtp.nextMail(admin.a_email);
    expect(notice.raw).toMatch(/^Subject: Dealdesk: your password was changed$/m);
    expect(decoded(notice.body)).toContain('address 127.0.0.1');
  });

  /** The internal id of the admin whose admin ID is `a_id`. */
  const idOf = async (a_id: string) =>
    (
      await server.app.dealdesk.context.db
        .selectFrom('admins')
        .select('id')
        .where('a_id', '=', a_id)
        .executeTakeFirstOrThrow()
    ).id;

  /** A session issued straight in the database: the sign-in steps have their own tests. */
  async function sessionOf(id: string) {
    const inADay = new Date(server.clock.now().getTime() + 86_400_000).toISOString();
    const { token } = await server.app.dealdesk.auth.tokens.issue('session', id, inADay);
    return clientFor(server, () => token).admin;
  }

  // PostgreSQL only: SQLite runs one write transaction at a time, so the two disables cannot
  // interleave there; on PostgreSQL only the row lock keeps them apart.
  it.runIf(dialect === 'postgres')(
    'keeps one active administrator when the last two disable each other at once',
    async () => {
      const pair = await Promise.all(
        [await createTestAdmin(server), await createTestAdmin(server)].map(async (admin) => {
          const id = await idOf(admin.a_id);
          return { id, api: await sessionOf(id) };
        }),
      );
      const [first, second] = pair as [(typeof pair)[0], (typeof pair)[0]];
      // Only these two stay active (the admins of the tests before are disabled).
      for (const row of (await first.api.listAdministrators()).data ?? [])
        if (row.status === 'active' && row._id !== first.id && row._id !== second.id)
          expect((await first.api.disableAdministrator({ id: row._id })).status).toBe(true);
      // Several rounds: without the lock, PostgreSQL let both through in most of them.
      for (let round = 0; round < 3; round += 1) {
        const answers = await Promise.all([
          first.api.disableAdministrator({ id: second.id }),
          second.api.disableAdministrator({ id: first.id }),
        ]);
        expect(answers.filter((answer) => answer.status)).toHaveLength(1);
        // Refused as the last active one, or, when the winner's change came first, as a caller
        // whose session that change has just ended.
        const refused = answers.find((answer) => !answer.status);
        expect([administratorMessages.lastOwnerDisabled, messages.tokenInvalid]).toContain(
          refused?.message,
        );
        const active = await server.app.dealdesk.context.db
          .selectFrom('admins')
          .select('id')
          .where('status', '=', 'active')
          .execute();
        expect(active).toHaveLength(1);
        // The survivor enables the other, who gets a new session for the next round.
        const survivor = pair.find((admin) => admin.id === active[0]?.id);
        const loser = pair.find((admin) => admin !== survivor);
        if (survivor === undefined || loser === undefined) throw new Error('no survivor');
        expect((await survivor.api.enableAdministrator({ id: loser.id })).status).toBe(true);
        loser.api = await sessionOf(loser.id);
      }
    },
  );

  it('resets a password and the authenticator app from the server machine (`admin ...`)', async () => {
    const { api, admin } = await signedIn();
    const other = await createTestAdmin(server);
    const otherId = await idOf(other.a_id);
    await api.disableAdministrator({ id: otherId });
    // The command's function in this process, on this server's database; `typed` is its stdin.
    const command = (args: string[], typed?: string) =>
      adminCommand(server.config, args, Readable.from(typed === undefined ? [] : [typed]));

    expect(await command(['reset-password', other.a_id, '--stdin'], 'typed-password\n')).toContain(
      'active again',
    );
    const otherSession = await signIn(server, { ...other, password: 'typed-password' }, mailedCode);

    // Lost phone and recovery codes: the app goes off, and sign-in mails its code again.
    const otherApi = clientFor(server, () => otherSession).admin;
    const { secret } = await otherApi.authenticatorSetup();
    const code = authenticatorCode(secret ?? '', server.clock.now());
    expect((await otherApi.authenticatorConfirm({ code })).status).toBe(true);
    const notice = decoded((await smtp.nextMail(other.a_email)).body);
    expect(notice).toContain('npm run admin -- reset-authenticator <admin id>');
    const off = await command(['reset-authenticator', other.a_id]);
    expect(off).toContain(`authenticator app turned off for "${other.a_id}"`);
    expect(off).toContain(`recovery codes removed: ${recoveryCodeCount}`);
    expect((await otherApi.authenticatorStatus()).data?.enabled).toBe(false);
    // Sessions stay; the next mail to them is the sign-in code (the reset mailed nothing).
    await signIn(server, { ...other, password: 'typed-password' }, mailedCode);
    expect(await command(['reset-authenticator', other.a_id])).toContain('nothing changed');

    const generated = await command(['reset-password', admin.a_id]);
    expect(generated).toContain('sessions ended: 1');
    const password = /password: (\S+)/.exec(generated)?.[1] ?? '';
    expect((await api.adminData()).httpStatus).toBe(401);
    await signIn(server, { ...admin, password }, mailedCode);

    const entries = (await entriesOf(otherId)).map(({ action, client }) => ({ action, client }));
    expect(entries).toContainEqual({ action: 'password-reset', client: 'console' });
    expect(entries).toContainEqual({ action: 'second-factor-off', client: 'console' });

    /** What a refused command says (main.ts prints it and exits 1). */
    const refusal = (args: string[], typed?: string) =>
      command(args, typed).then(
        (printed) => `not refused: ${printed}`,
        (error: unknown) => {
          expect(error).toBeInstanceOf(AdminCommandError);
          return (error as Error).message;
        },
      );
    for (const subcommand of ['reset-password', 'reset-authenticator'])
      expect(await refusal([subcommand, 'nobody-here'])).toContain(
        'No administrator has the admin ID "nobody-here"',
      );
    expect(await refusal(['reset-password', other.a_id, '--stdin'], 'short\n')).toContain(
      'at least 6',
    );
    expect(await refusal([])).toContain('reset-authenticator <admin id>');
    expect(await refusal(['reset-authenticator', other.a_id, '--ask'])).toContain('Unknown option');
    // A stream with no terminal behind it, as a pipe or a cron job gives.
    expect(await refusal(['reset-password', other.a_id, '--ask'])).toContain('needs a terminal');
  });

  // The command line itself, once per subcommand: the entry reads the database's place from the
  // environment, the password from a real stdin, prints and exits 0. One dialect is enough:
  // what differs between them runs in process above.
  it.runIf(dialect === 'sqlite' && existsSync(builtServer))(
    'runs as `main.js admin reset-password|reset-authenticator` on the server machine',
    async () => {
      const run = (args: string[], input?: string) =>
        spawnSync(process.execPath, [builtServer, 'admin', ...args], {
          env: {
            ...process.env,
            DEALDESK_DATA_DIR: database.dataDir,
            DATABASE_URL: database.databaseUrl ?? '',
          },
          input,
          encoding: 'utf8',
        });
      const { api, admin } = await signedIn();
      const typed = run(['reset-password', admin.a_id, '--stdin'], 'typed-password\n');
      expect(typed.stderr).toBe('');
      expect(typed.status).toBe(0);
      expect(typed.stdout).toContain('sessions ended: 1');
      expect((await api.adminData()).httpStatus).toBe(401);
      const session = await signIn(server, { ...admin, password: 'typed-password' }, mailedCode);

      const again = clientFor(server, () => session).admin;
      const { secret } = await again.authenticatorSetup();
      const code = authenticatorCode(secret ?? '', server.clock.now());
      expect((await again.authenticatorConfirm({ code })).status).toBe(true);
      const off = run(['reset-authenticator', admin.a_id]);
      expect(off.stderr).toBe('');
      expect(off.status).toBe(0);
      expect(off.stdout).toContain(`authenticator app turned off for "${admin.a_id}"`);
      expect((await again.authenticatorStatus()).data?.enabled).toBe(false);
    },
    // Two starts of the server's entry, on a machine the other test files keep busy.
    60_000,
  );
});
