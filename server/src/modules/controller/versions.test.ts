// Controller versions through real HTTP on each dialect: every change makes a numbered version
// (who, when, what changed), a rollback restores every field as a new version, and the newest
// 300 are kept.
import {
  controllerFields,
  controllerVersionsKept,
  type ApiClient,
  type ControllerState,
} from '@dealdesk/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { signedInClient } from '../stories/testing.js';
import { defaultControllerSettings } from './service.js';

describe.each(dialects)('controller versions on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: ApiClient;
  /** The signed-in administrator's email, as versions name them. */
  let email: string;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
    email = (await api.admin.adminData()).data?.a_email ?? '';
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const current = async (): Promise<ControllerState> => {
    const answer = await api.controller.get();
    return {
      ...(answer.data ?? defaultControllerSettings),
      btn_url: answer.installNew?.btn_url ?? '',
    };
  };
  const newest = async () => (await api.controller.versions({ limit: 1 })).data?.[0];

  it('starts with the state before the first change as version 1, then numbers each change', async () => {
    expect(await api.controller.versions()).toMatchObject({
      status: true,
      data: [],
      totalRecord: 0,
    });
    const off = await api.controller.setSwitch({ name: 'banner', status: false });
    expect(off).toMatchObject({ status: true, data: { banner: false } });
    const { data, totalRecord } = await api.controller.versions();
    expect(totalRecord).toBe(2);
    expect(data?.map((version) => version.version)).toEqual([2, 1]);
    expect(data?.[0]).toMatchObject({
      by: email,
      rollbackOf: null,
      changes: [{ field: 'banner', from: true, to: false }],
    });
    expect(data?.[1]).toMatchObject({ by: '', changes: [] });
    const first = (await api.controller.version({ version: 1 })).data;
    expect(first?.state).toEqual({ ...defaultControllerSettings, btn_url: '' });
    expect(first?.sinceThen).toEqual([{ field: 'banner', from: true, to: false }]);
    // A change that changes nothing makes no version.
    await api.controller.setSwitch({ name: 'banner', status: false });
    expect((await newest())?.version).toBe(2);
  });

  it('names the API token a script changed it with', async () => {
    const { token } = await api.admin.createToken({ name: 'nightly job' });
    const script = clientFor(server, () => token ?? null);
    await script.controller.setPosition({ name: 'ntvTiming', value: 7 });
    expect(await newest()).toMatchObject({
      by: `${email}, API token nightly job`,
      changes: [{ field: 'ntvTiming', from: 5, to: 7 }],
    });
  });

  it('rolls back every field to a version, as a new version, and says how today differs', async () => {
    const before = (await newest())?.version ?? 0;
    const restored = await current();
    // Every kind of change the screen makes.
    await api.controller.setSwitch({ name: 'trending', status: false });
    await api.controller.setSwitch({ name: 'installNew', status: true });
    await api.controller.setPosition({ name: 'storyAdsPosition', value: 4 });
    await api.controller.setPlacement({ field: 'homeToCategory', name: 'FS' });
    await api.controller.setAfterSplash({ name: 'NTV' });
    await api.controller.setIntentControl({ intentControl: 'FORWORD' });
    await api.controller.setFacebook({ facebook_app_id: '1234', facebook_client_token: 'abcd' });
    await api.controller.setInstallNew({ btn_url: 'https://play.example.com/new' });
    const changed = await current();
    const sinceThen = (await api.controller.version({ version: before })).data?.sinceThen;
    expect(sinceThen?.map((difference) => difference.field)).toEqual([
      'trending',
      'installNew',
      'storyAdsPosition',
      'afterSplaceAds',
      'homeToCategory',
      'intentControl',
      'facebook_app_id',
      'facebook_client_token',
      'btn_url',
    ]);

    const rolledBack = await api.controller.rollback({ version: before });
    expect(rolledBack).toMatchObject({ status: true, message: 'Rolled back', version: before + 9 });
    expect(await current()).toEqual(restored);
    const made = await newest();
    expect(made).toMatchObject({ version: before + 9, rollbackOf: before, by: email });
    expect(made?.changes).toEqual(
      controllerFields.flatMap((field) =>
        changed[field] === restored[field]
          ? []
          : [{ field, from: changed[field], to: restored[field] }],
      ),
    );
    expect((await api.controller.version({ version: before })).data?.sinceThen).toEqual([]);
  });

  it('writes no change when its version cannot be written (one transaction)', async () => {
    const { db } = server.app.dealdesk.context;
    const before = await current();
    const last = (await newest())?.version;
    // A fault in the version's write: its table renamed away for the one call.
    await sql`ALTER TABLE controller_versions RENAME TO controller_versions_away`.execute(db);
    try {
      const failed = await api.controller.setSwitch({
        name: 'bestDeals',
        status: !before.bestDeals,
      });
      expect(failed).toMatchObject({ status: false, httpStatus: 500 });
    } finally {
      await sql`ALTER TABLE controller_versions_away RENAME TO controller_versions`.execute(db);
    }
    expect(await current()).toEqual(before);
    expect((await newest())?.version).toBe(last);
  });

  it('refuses a version that is not kept (404) or no version number (400)', async () => {
    const missing = await api.controller.version({ version: 99_999 });
    expect(missing).toMatchObject({
      status: false,
      httpStatus: 404,
      message: 'Version 99999 was not found (the newest 300 versions are kept)',
    });
    expect((await api.controller.rollback({ version: 99_999 })).httpStatus).toBe(404);
    expect((await api.controller.version({ version: 0 })).httpStatus).toBe(400);
  });

  it(`keeps the newest ${controllerVersionsKept}: the next version drops the oldest`, async () => {
    // Versions up to one short of the limit written straight in (300 calls take long here).
    const { db } = server.app.dealdesk.context;
    const last = (await newest())?.version ?? 0;
    const stored = await db
      .selectFrom('controller_versions')
      .selectAll()
      .where('version', '=', last)
      .executeTakeFirstOrThrow();
    const filler = Array.from({ length: controllerVersionsKept - 1 - last }, (_, index) => ({
      ...stored,
      version: last + 1 + index,
    }));
    await db.insertInto('controller_versions').values(filler).execute();
    const oldest = async () =>
      (await api.controller.versions({ limit: 1, page: controllerVersionsKept })).data?.[0]
        ?.version;
    // The 300th keeps the first; the 301st drops it.
    expect(
      (await api.controller.setPosition({ name: 'productNtvPosition', value: 5 })).version,
    ).toBe(controllerVersionsKept);
    expect(await oldest()).toBe(1);
    expect(
      (await api.controller.setPosition({ name: 'productNtvPosition', value: 7 })).version,
    ).toBe(controllerVersionsKept + 1);
    expect(await api.controller.versions({ limit: 1 })).toMatchObject({
      totalRecord: controllerVersionsKept,
    });
    expect(await oldest()).toBe(2);
    expect((await api.controller.version({ version: 1 })).httpStatus).toBe(404);
  });
});
