// What the audit log keeps of calls that fail or change many items (issue 35): wrong codes at
// the second sign-in step, refused bulk calls, and each product an import replaced.
import type { AuditAction } from '@dealdesk/core';
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
import { messages } from '../auth/messages.js';
import { categoryRefusals } from '../categories/messages.js';
import {
  addCategory,
  addSubcategory,
  signedInClient,
  uniqueName,
  type CatalogueClient,
} from '../products/catalogue-fixtures.js';

const unknownId = 'ffffffffffffffffffffffff';

describe.each(dialects)('audit entries of failures and imports on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: CatalogueClient;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  /** The entries of `action`, oldest first, with before and after read back. */
  const entries = async (action: AuditAction) =>
    (
      await server.app.dealdesk.context.db
        .selectFrom('audit_log')
        .select(['admin_id', 'kind', 'item_id', 'label', 'before', 'after'])
        .where('action', '=', action)
        .orderBy('id')
        .execute()
    ).map((row) => ({
      ...row,
      before: JSON.parse(row.before ?? 'null') as unknown,
      after: JSON.parse(row.after ?? 'null') as unknown,
    }));

  it('records a wrong code at the second sign-in step', async () => {
    const admin = await createTestAdmin(server);
    const { id } = await server.app.dealdesk.context.db
      .selectFrom('admins')
      .select('id')
      .where('a_id', '=', admin.a_id)
      .executeTakeFirstOrThrow();
    let token: string | null = null;
    const guest = clientFor(server, () => token).admin;
    token = (await guest.login({ a_id: admin.a_id, a_password: admin.password })).token ?? null;
    const printed = server.printed.findLast((text) => text.includes(admin.a_email)) ?? '';
    const wrong = printed.includes('123456') ? '654321' : '123456';
    const refused = await guest.loginOtp({ otp: wrong });
    expect(refused).toMatchObject({ httpStatus: 401, message: messages.wrongCode });
    expect((await entries('code-failed')).filter((entry) => entry.admin_id === id)).toEqual([
      {
        admin_id: id,
        kind: 'admin',
        item_id: id,
        label: 'sign-in code',
        before: null,
        after: { step: 'sign-in', tries: 1, spent: false },
      },
    ]);
  });

  it('records a refused bulk call, with why, though it changed nothing', async () => {
    const refused = await api.products.bulk({
      products: [
        {
          title: uniqueName('Nowhere'),
          price: 1,
          og_price: 2,
          og_url: `https://shop.example.com/nowhere/${dialect}`,
          category: unknownId,
          subcategory: unknownId,
          images: ['https://cdn.example.com/a.jpg'],
        },
      ],
    });
    expect(refused.httpStatus).toBe(404);
    const deleted = await api.products.remove({ id: [unknownId] });
    expect(deleted.httpStatus).toBe(404);
    const kept = await entries('refused');
    expect(kept.map(({ kind, label, after }) => ({ kind, label, after }))).toEqual([
      {
        kind: 'product',
        label: 'import',
        after: {
          rows: 1,
          onExisting: 'skip',
          status: 404,
          message: expect.stringContaining(categoryRefusals.categoryNotFound),
        },
      },
      {
        kind: 'product',
        label: 'delete',
        after: { products: 1, status: 404, message: deleted.message },
      },
    ]);
  });

  it('records each product an import with --on-existing update replaced, before and after', async () => {
    const phones = await addSubcategory(api, await addCategory(api));
    const rows = [1, 2, 3].map((n) => ({
      title: `Phone ${n} ${dialect}`,
      price: 100 * n,
      og_price: 200 * n,
      og_url: `https://shop.example.com/phone/${n}/${dialect}`,
      category: phones.category._id,
      subcategory: phones._id,
      images: ['https://cdn.example.com/a.jpg'],
    }));
    const first = await api.products.bulk({ products: rows });
    expect(first.created).toBe(3);
    const ids = first.results?.map((result) => result._id) ?? [];
    const second = await api.products.bulk({
      onExisting: 'update',
      products: rows.slice(0, 2).map((row) => ({ ...row, price: row.price + 1 })),
    });
    expect(second.updated).toBe(2);
    const updates = (await entries('update')).filter((entry) => ids.includes(entry.item_id ?? ''));
    expect(
      updates.map(({ item_id, label, before, after }) => ({ item_id, label, before, after })),
    ).toEqual([
      {
        item_id: ids[0],
        label: 'Phone 1 ' + dialect,
        before: { price: 100 },
        after: { price: 101 },
      },
      {
        item_id: ids[1],
        label: 'Phone 2 ' + dialect,
        before: { price: 200 },
        after: { price: 201 },
      },
    ]);
    const [, summary] = (await entries('import')).slice(-2);
    expect(summary?.after).toEqual({ created: 0, updated: 2, skipped: 0, onExisting: 'update' });
  });
});
