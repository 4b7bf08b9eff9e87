// `dealdesk admins` and read-only tokens (issue 39): the BUILT CLI as a child process, signed in
// as an owner, against a real server on both dialects; then a cron job's read-only token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  roleMessages,
  type Administrator,
  type Invitation,
  type OwnedApiToken,
} from '@dealdesk/core';
import {
  createTestAdmin,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import {
  buildCli,
  freshConfigHome,
  jsonOf,
  loginByScript,
  runBuiltCli,
  serverEnv,
} from './support.js';

interface Listed {
  data: Administrator[];
  invitations: Invitation[];
}

describe.each(['sqlite', 'postgres'] as const)('dealdesk admins on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  const cli = (...args: string[]) => runBuiltCli(['--json', ...args], env);

  beforeAll(async () => {
    buildCli();
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    env = serverEnv(server, await freshConfigHome());
    expect((await loginByScript(await createTestAdmin(server), env, database.dataDir)).code).toBe(
      0,
    );
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('invites with a role, lists roles, changes one, disables (with --yes) and enables', async () => {
    const invited = await cli('admins', 'invite', 'viewer@example.test', '--role', 'viewer');
    expect(invited.code, invited.stderr).toBe(0);
    expect(jsonOf<{ data: Invitation }>(invited).data.role).toBe('viewer');
    const editor = await createTestAdmin(server, 'editor');

    const listed = jsonOf<Listed>(await cli('admins', 'list'));
    expect(listed.invitations.map(({ email, role }) => [email, role])).toEqual([
      ['viewer@example.test', 'viewer'],
    ]);
    const row = listed.data.find((admin) => admin.a_id === editor.a_id);
    expect(row?.role).toBe('editor');
    expect(listed.data.find((admin) => admin.you)?.role).toBe('owner');
    const id = row?._id ?? '';

    const changed = await cli('admins', 'role', id, 'viewer');
    expect(changed.code, changed.stderr).toBe(0);
    expect(jsonOf<{ data: Administrator }>(changed).data.role).toBe('viewer');
    const wrong = await cli('admins', 'role', id, 'boss');
    expect(wrong.code).toBe(2);
    expect(jsonOf(wrong)).toEqual({ status: false, message: 'role is viewer, editor or owner' });

    // Not at a terminal, a disable without --yes changes nothing.
    const unasked = await cli('admins', 'disable', id);
    expect(unasked.code).toBe(2);
    const disabled = await cli('admins', 'disable', id, '--yes');
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(jsonOf<{ data: Administrator }>(disabled).data.status).toBe('disabled');
    const enabled = await cli('admins', 'enable', id);
    expect(jsonOf<{ data: Administrator }>(enabled).data.status).toBe('active');
  });

  it("lists every administrator's tokens for an owner (--all) and revokes another's", async () => {
    const editor = await createTestAdmin(server, 'editor');
    const { id: editorId } = await server.app.dealdesk.context.db
      .selectFrom('admins')
      .select('id')
      .where('a_id', '=', editor.a_id)
      .executeTakeFirstOrThrow();
    const { tokens } = server.app.dealdesk.auth;
    const scripted = await tokens.issue('api', editorId, null, { name: 'editor import' });
    const later = new Date(server.clock.now().getTime() + 86_400_000).toISOString();
    const session = await tokens.issue('session', editorId, later);

    const all = jsonOf<{ data: OwnedApiToken[] }>(await cli('token', 'list', '--all'));
    const row = all.data.find(({ admin }) => admin.a_id === editor.a_id);
    expect(row).toMatchObject({ _id: scripted.row.id, name: 'editor import' });
    const table = await runBuiltCli(['token', 'list', '--all'], env);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('administrator');
    expect(table.stdout).toContain(editor.a_id);

    // An editor's session is refused the list of all, naming the role needed.
    const asEditor = { ...env, DEALDESK_TOKEN: session.token, HOME: await freshConfigHome() };
    const refused = await runBuiltCli(['--json', 'token', 'list', '--all'], asEditor);
    expect(refused.code).toBe(1);
    expect(jsonOf(refused)).toEqual({ status: false, message: roleMessages.needs('owner') });

    const script = { ...env, DEALDESK_TOKEN: scripted.token, HOME: await freshConfigHome() };
    expect((await runBuiltCli(['whoami'], script)).code).toBe(0);
    const revoked = await cli('token', 'revoke', scripted.row.id);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await runBuiltCli(['whoami'], script)).code).toBe(3);
  });

  it('makes a read-only token for a reporting cron job: it reads and is refused writes', async () => {
    const made = await cli('token', 'create', 'weekly report', '--read-only');
    expect(made.code, made.stderr).toBe(0);
    const { token, data } = jsonOf<{ token: string; data: { scope: string } }>(made);
    expect(data.scope).toBe('read');
    const tokens = jsonOf<{ data: { scope: string }[] }>(await cli('token', 'list'));
    expect(tokens.data.map(({ scope }) => scope)).toEqual(['read']);

    const cron = { ...env, DEALDESK_TOKEN: token, HOME: await freshConfigHome() };
    const read = await runBuiltCli(['--json', 'admins', 'list'], cron);
    expect(read.code, read.stderr).toBe(0);
    const write = await runBuiltCli(
      ['--json', 'notify', 'send', '--title', 'Sale', '--message', 'Half price'],
      cron,
    );
    expect(write.code, write.stdout + write.stderr).toBe(1);
    expect(jsonOf(write)).toMatchObject({ status: false, message: roleMessages.readToken });
  });
});
