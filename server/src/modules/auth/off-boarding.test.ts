// Off-boarding leaves nothing behind (issue 35): a disabled administrator's invitations, writes
// still in flight, and their authenticator and admin ID rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { codeIn } from '../../testing/smtp-capture.js';
import { administratorMessages } from './administrators.js';

describe.each(dialects)('off-boarding an administrator on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
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
});
