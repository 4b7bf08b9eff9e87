// Roles and token scopes (issue 39) over HTTP: what an owner changes, what a lesser role or a
// read-only token is refused, and the one enabled owner that always remains.
import { roleMessages, type AdminRole } from '@dealdesk/core';
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
import { metric } from '../../testing/wire.js';
import { administratorMessages } from './administrators.js';
import { messages } from './messages.js';

const policy = { policy_title: 'Privacy', policy_description: 'We keep little.' };

describe.each(dialects)('roles and token scopes on %s', (dialect) => {
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

  /** A new administrator of `role` with a session of their own. */
  async function member(role: AdminRole) {
    const admin = await createTestAdmin(server, role);
    const { id } = await db()
      .selectFrom('admins')
      .select('id')
      .where('a_id', '=', admin.a_id)
      .executeTakeFirstOrThrow();
    const inADay = new Date(server.clock.now().getTime() + 86_400_000).toISOString();
    const { token } = await server.app.dealdesk.auth.tokens.issue('session', id, inADay);
    return { ...admin, id, token, api: clientFor(server, () => token) };
  }

  /** Every other enabled owner is made an editor, so the test's owners are the only ones. */
  async function onlyOwners(...ids: string[]) {
    await db()
      .updateTable('admins')
      .set({ role: 'editor' })
      .where('role', '=', 'owner')
      .where('id', 'not in', ids)
      .execute();
  }

  it('an invitation carries its role (editor unless said); the list shows each role', async () => {
    const owner = await member('owner');
    const editor = await owner.api.admin.inviteAdministrator({ a_email: 'ed@example.test' });
    const viewer = await owner.api.admin.inviteAdministrator({
      a_email: 'vi@example.test',
      role: 'viewer',
    });
    expect(editor.data?.role).toBe('editor');
    expect(viewer.data?.role).toBe('viewer');
    const listed = await owner.api.admin.listAdministrators();
    expect(listed.invitations?.map(({ email, role }) => [email, role])).toEqual(
      expect.arrayContaining([
        ['ed@example.test', 'editor'],
        ['vi@example.test', 'viewer'],
      ]),
    );
    expect(listed.data?.find((row) => row._id === owner.id)?.role).toBe('owner');
    const wrong = await owner.api.admin.inviteAdministrator({
      a_email: 'x@example.test',
      role: 'admin' as AdminRole,
    });
    expect(wrong).toMatchObject({ status: false, message: 'role is viewer, editor or owner' });
  });

  it('an owner changes a role, audited with before and after; the next request obeys it', async () => {
    const owner = await member('owner');
    const editor = await member('editor');
    expect((await editor.api.policy.updatePolicy(policy)).status).toBe(true);

    const changed = await owner.api.admin.changeAdministratorRole({
      id: editor.id,
      role: 'viewer',
    });
    expect(changed).toMatchObject({ status: true, message: 'Role changed' });
    expect(changed.data?.role).toBe('viewer');
    const entry = await db()
      .selectFrom('audit_log')
      .select(['action', 'admin_id', 'before', 'after'])
      .where('item_id', '=', editor.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'update', admin_id: owner.id });
    expect(JSON.parse(entry.before ?? '')).toEqual({ role: 'editor' });
    expect(JSON.parse(entry.after ?? '')).toEqual({ role: 'viewer' });

    // The same session, at once: reads still, writes no more.
    const refusedBefore = await metric(server, 'dealdesk_admin_refusals_total{reason="role"}', 0);
    expect((await editor.api.policy.getPolicy()).status).toBe(true);
    const refused = await editor.api.policy.updatePolicy(policy);
    expect(refused).toMatchObject({ status: false, message: roleMessages.needs('editor') });
    expect(await metric(server, 'dealdesk_admin_refusals_total{reason="role"}')).toBe(
      refusedBefore + 1,
    );
    // A lesser role cannot change roles, its own included.
    const own = await editor.api.admin.changeAdministratorRole({ id: editor.id, role: 'owner' });
    expect(own).toMatchObject({ status: false, message: roleMessages.needs('owner') });

    // Disabled: the next request of that session is refused.
    expect((await owner.api.admin.disableAdministrator({ id: editor.id })).status).toBe(true);
    expect(await editor.api.policy.getPolicy()).toMatchObject({
      status: false,
      message: messages.tokenInvalid,
    });
  });

  it('a read-only token reads and is refused every write, 403 naming why', async () => {
    const editor = await member('editor');
    const made = await editor.api.admin.createToken({ name: 'nightly report', scope: 'read' });
    expect(made.data?.scope).toBe('read');
    const written = await editor.api.admin.createToken({ name: 'importer' });
    expect(written.data?.scope).toBe('write');
    expect((await editor.api.admin.listTokens()).data?.map(({ scope }) => scope)).toEqual([
      'read',
      'write',
    ]);

    const reader = clientFor(server, () => made.token ?? null);
    expect((await reader.policy.getPolicy()).status).toBe(true);
    expect(await reader.policy.updatePolicy(policy)).toMatchObject({
      status: false,
      message: roleMessages.readToken,
    });
    expect(await metric(server, 'dealdesk_admin_refusals_total{reason="read-token"}')).toBe(1);
    const writer = clientFor(server, () => written.token ?? null);
    expect((await writer.policy.updatePolicy(policy)).status).toBe(true);
  });

  it("an owner lists everyone's tokens and revokes another's, which stops at once", async () => {
    const owner = await member('owner');
    const editor = await member('editor');
    const viewer = await member('viewer');
    const own = await owner.api.admin.createToken({ name: 'owner backup' });
    const made = await editor.api.admin.createToken({ name: 'editor import' });
    const id = made.data?._id ?? '';

    const all = await owner.api.admin.listAllTokens();
    expect(all.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          _id: own.data?._id,
          admin: { _id: owner.id, a_id: owner.a_id, a_email: owner.a_email },
        }),
        expect.objectContaining({
          _id: id,
          name: 'editor import',
          scope: 'write',
          admin: { _id: editor.id, a_id: editor.a_id, a_email: editor.a_email },
        }),
      ]),
    );
    expect(JSON.stringify(all)).not.toContain(made.token ?? 'no token');
    // Only an owner sees them all; the others are refused before anything is read.
    for (const lesser of [editor, viewer]) {
      expect(await lesser.api.admin.listAllTokens()).toMatchObject({
        status: false,
        httpStatus: 403,
        message: roleMessages.needs('owner'),
      });
    }
    // Another's token stays not found for an editor or a viewer, and keeps working.
    const ownId = own.data?._id ?? '';
    expect((await editor.api.admin.revokeToken({ id: ownId })).httpStatus).toBe(404);
    expect((await viewer.api.admin.revokeToken({ id })).httpStatus).toBe(404);
    const script = clientFor(server, () => made.token ?? null);
    expect((await script.admin.authorization()).status).toBe(true);

    expect(await owner.api.admin.revokeToken({ id })).toMatchObject({ status: true });
    expect((await script.admin.authorization()).httpStatus).toBe(401);
    expect((await editor.api.admin.listTokens()).data).toEqual([]);
    // Audited as the owner's act, naming whose token it was.
    const entry = await db()
      .selectFrom('audit_log')
      .select(['action', 'admin_id', 'before'])
      .where('item_id', '=', id)
      .where('action', '=', 'revoke')
      .executeTakeFirstOrThrow();
    expect(entry.admin_id).toBe(owner.id);
    expect(JSON.parse(entry.before ?? '')).toMatchObject({ admin: editor.a_id });
  });

  it('never demotes or disables the last enabled owner', async () => {
    const owner = await member('owner');
    await onlyOwners(owner.id);
    const other = await member('owner');
    expect(
      (await other.api.admin.changeAdministratorRole({ id: other.id, role: 'editor' })).status,
    ).toBe(true);
    // `owner` is the last one now: neither they nor anyone takes it away.
    expect(
      await owner.api.admin.changeAdministratorRole({ id: owner.id, role: 'viewer' }),
    ).toMatchObject({ status: false, message: administratorMessages.lastOwnerDemoted });
    expect(
      await owner.api.admin.changeAdministratorRole({ id: other.id, role: 'editor' }),
    ).toMatchObject({ status: false, message: administratorMessages.sameRole });
    const promoted = await owner.api.admin.changeAdministratorRole({
      id: other.id,
      role: 'owner',
    });
    expect(promoted.data?.role).toBe('owner');
    expect(await owner.api.admin.disableAdministrator({ id: other.id })).toMatchObject({
      status: true,
    });
    const refused = await member('owner');
    await onlyOwners(owner.id, refused.id);
    expect((await refused.api.admin.disableAdministrator({ id: owner.id })).status).toBe(true);
    expect(await refused.api.admin.disableAdministrator({ id: refused.id })).toMatchObject({
      status: false,
      message: administratorMessages.notYourself,
    });
    expect(await metric(server, 'dealdesk_admin_refusals_total{reason="last-owner"}')).toBe(1);
  });

  it('keeps one owner when the last two demote each other at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const first = await member('owner');
      const second = await member('owner');
      await onlyOwners(first.id, second.id);
      const answers = await Promise.all([
        first.api.admin.changeAdministratorRole({ id: second.id, role: 'editor' }),
        second.api.admin.changeAdministratorRole({ id: first.id, role: 'editor' }),
      ]);
      expect(answers.filter((answer) => answer.status)).toHaveLength(1);
      // Refused as the last owner, or as one who is no longer an owner when checked again.
      expect([administratorMessages.lastOwnerDemoted, roleMessages.needs('owner')]).toContain(
        answers.find((answer) => !answer.status)?.message,
      );
      const owners = await db()
        .selectFrom('admins')
        .select('id')
        .where('role', '=', 'owner')
        .where('status', '=', 'active')
        .execute();
      expect(owners).toHaveLength(1);
    }
  });
});
