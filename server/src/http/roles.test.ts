// The roles table of issue 39, call by call over HTTP: each role's answer to every declared
// call of a signed-in caller is a 403 naming the role needed exactly when the table says so, and
// a read-only token is refused every write. A call missing from the table fails the test.
import {
  adminRoles,
  allEndpoints,
  decryptResponse,
  roleMessages,
  type AdminRole,
  type ResponseEnvelope,
} from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { ask } from '../testing/wire.js';

/** Names of `area`'s calls. */
const of = (area: string, names: string[]) => names.map((name) => `${area}.${name}`);

/** The issue's words, call by call: the least role each needs. */
const table: Record<AdminRole, readonly string[]> = {
  // Every screen and export, and one's own profile, sessions and authenticator.
  viewer: [
    ...of('admin', ['authorization', 'adminData', 'updateProfile', 'logout']),
    ...of('admin', ['listAdministrators', 'listTokens', 'revokeToken']),
    ...of('admin', ['listSessions', 'revokeSession', 'revokeOtherSessions']),
    ...of('admin', ['authenticatorStatus', 'authenticatorSetup', 'authenticatorConfirm']),
    ...of('admin', ['authenticatorOff', 'authenticatorRecoveryCodes']),
    'dashboard.viewsDashboard',
    'system.serverLoad',
    'shortcuts.list',
    ...of('stories', ['list', 'find']),
    ...of('storyAds', ['list', 'find']),
    ...of('banners', ['list', 'find']),
    ...of('controller', ['get', 'versions', 'version']),
    ...of('products', ['get', 'list', 'export']),
    'categories.list',
    ...of('subcategories', ['list', 'byCategory']),
    ...of('policy', ['getPolicy', 'getTerms']),
    'adUnits.list',
    'webAds.list',
    ...of('analytics', ['get', 'export']),
    ...of('inHouseAds', ['export', 'list', 'get']),
    ...of('notifications', ['history', 'export']),
    ...of('audit', ['list', 'detail', 'export']),
  ],
  // The app's content, and their own tokens.
  editor: [
    'admin.createToken',
    ...of('shortcuts', ['add', 'edit', 'remove', 'setStatus']),
    ...of('stories', ['add', 'edit', 'remove', 'setStatus']),
    ...of('storyAds', ['add', 'remove', 'setStatus']),
    ...of('banners', ['add', 'edit', 'setStatus', 'remove']),
    ...of('products', ['scrape', 'create', 'update', 'bulk', 'remove', 'updateEvents']),
    ...of('categories', ['add', 'edit', 'remove']),
    ...of('subcategories', ['add', 'edit', 'remove']),
    ...of('policy', ['updatePolicy', 'updateTerms']),
    ...of('adUnits', ['add', 'update']),
    ...of('webAds', ['add', 'update', 'remove']),
    ...of('inHouseAds', ['create', 'edit', 'remove', 'setStatus']),
    ...of('notifications', ['send', 'resend', 'cancel', 'reschedule', 'remove']),
  ],
  // Administrators and roles, anyone's tokens, the controller, clearing analytics.
  owner: [
    ...of('admin', ['inviteAdministrator', 'cancelInvitation', 'changeAdministratorRole']),
    ...of('admin', ['disableAdministrator', 'enableAdministrator', 'listAllTokens']),
    ...of('controller', ['setSwitch', 'setPosition', 'setPlacement', 'setAfterSplash']),
    ...of('controller', ['setIntentControl', 'setFacebook', 'setInstallNew', 'rollback']),
    ...of('webAds', ['clearCounts', 'clearAllCounts']),
    ...of('analytics', ['clearCounts', 'clearAllCounts']),
  ],
};

const neededBy = new Map(
  adminRoles.flatMap((role) => table[role].map((name) => [name, role] as const)),
);
const rank = (role: AdminRole) => adminRoles.indexOf(role);
const anyId = '0123456789abcdef01234567';

describe.each(dialects)('every call by role on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  const ids = new Map<AdminRole, string>();
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    for (const role of adminRoles) {
      const admin = await createTestAdmin(server, role);
      const row = await server.app.dealdesk.context.db
        .selectFrom('admins')
        .select('id')
        .where('a_id', '=', admin.a_id)
        .executeTakeFirstOrThrow();
      ids.set(role, row.id);
    }
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  /** A call made with a token of its own (a call may end its session), without input. */
  async function refusal(
    call: { method: string; path: string },
    role: AdminRole,
    kind: 'session' | 'api' = 'session',
  ): Promise<string | null> {
    const { token } = await server.app.dealdesk.auth.tokens.issue(kind, ids.get(role) ?? '', null, {
      scope: kind === 'api' ? 'read' : 'write',
    });
    const answer = await ask(
      server,
      call.path.replace(/:\w+/g, anyId),
      {
        authorization: `Bearer ${token}`,
      },
      call.method,
    );
    if (answer.status !== 403) return null;
    const opened = decryptResponse(
      JSON.parse(answer.body.toString()) as ResponseEnvelope,
      server.config.secret,
    ) as { message: string };
    return opened.message;
  }

  const signedIn = allEndpoints().filter(
    ({ call }) => call.access === 'admin' || call.access === 'session',
  );

  it('has a row for every call a signed-in caller makes, and the call declares that role', () => {
    for (const { name, call } of signedIn) expect(call.role, name).toBe(neededBy.get(name));
    expect(neededBy.size).toBe(signedIn.length);
  });

  it('answers each role 403 naming the role needed exactly where the table says', async () => {
    for (const { name, call } of signedIn) {
      const needed = neededBy.get(name) ?? 'owner';
      for (const role of adminRoles) {
        const expected = rank(role) < rank(needed) ? roleMessages.needs(needed) : null;
        expect(await refusal(call, role), `${name} as ${role}`).toBe(expected);
      }
    }
  });

  it("refuses a read-only token every write, within its administrator's role", async () => {
    for (const { name, call } of signedIn.filter(({ call }) => call.access === 'admin')) {
      const expected = call.method === 'GET' ? null : roleMessages.readToken;
      expect(await refusal(call, 'owner', 'api'), name).toBe(expected);
    }
  });
});
