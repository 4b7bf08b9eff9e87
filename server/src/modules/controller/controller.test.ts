import {
  controllerMessages,
  controllerSwitches,
  placementFields,
  type ApiClient,
} from '@dealdesk/core';
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

describe.each(dialects)('controller on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('creates the settings with the defaults on first read, once even when reads race', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => api.controller.get()));
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: true, httpStatus: 200 });
      expect(answer.data).toEqual(defaultControllerSettings);
      expect(answer.installNew).toEqual({ status: false, btn_url: '' });
    }
    const rows = await server.app.dealdesk.context.db
      .selectFrom('controller_settings')
      .select('id')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('turns every feature switch off and on; installNew also drives installNew.status', async () => {
    for (const name of controllerSwitches) {
      const off = await api.controller.setSwitch({ name, status: false });
      expect(off).toMatchObject({ status: true, message: 'Updated successfully' });
      expect(off.data?.[name]).toBe(false);
      const on = await api.controller.setSwitch({ name, status: true });
      expect(on.data?.[name]).toBe(true);
    }
    expect((await api.controller.get()).installNew?.status).toBe(true);
    await api.controller.setSwitch({ name: 'installNew', status: false });
    expect((await api.controller.get()).installNew?.status).toBe(false);
  });

  it('refuses an unknown switch or a status that is not a boolean', async () => {
    const unknown = await api.controller.setSwitch({ name: 'ntvTiming' as 'track', status: true });
    expect(unknown).toMatchObject({
      status: false,
      httpStatus: 400,
      message: controllerMessages.unknownSwitch,
    });
    const notBoolean = await api.controller.setSwitch({ name: 'track', status: 1 as never });
    expect(notBoolean).toMatchObject({ httpStatus: 400, message: 'Status must be true or false' });
  });

  it.each([
    ['storyAdsPosition', 0, controllerMessages.positionMin],
    ['storyAdsPosition', 1, null],
    ['storyAdsPosition', 9, null],
    ['storyAdsPosition', 10, controllerMessages.positionMax],
    ['ntvTiming', -1, controllerMessages.ntvTimerMin],
    ['ntvTiming', 0, null],
    ['ntvTiming', 19, null],
    ['ntvTiming', 20, controllerMessages.ntvTimerMax],
    ['productNtvPosition', 0, controllerMessages.productNtvPosition],
    ['productNtvPosition', 4, controllerMessages.productNtvPosition],
    ['productNtvPosition', 7, null],
  ] as const)('position %s = %i: %s', async (name, value, message) => {
    const before = (await api.controller.get()).data?.[name];
    const answer = await api.controller.setPosition({ name, value });
    if (message === null) {
      expect(answer).toMatchObject({ status: true, httpStatus: 200 });
      expect(answer.data?.[name]).toBe(value);
      expect((await api.controller.get()).data?.[name]).toBe(value);
    } else {
      expect(answer).toMatchObject({ status: false, httpStatus: 400, message });
      expect((await api.controller.get()).data?.[name]).toBe(before);
    }
  });

  it('sets a placement mode on each of the nine transitions', async () => {
    for (const field of placementFields) {
      const answer = await api.controller.setPlacement({ field, name: 'NTV' });
      expect(answer.data?.[field]).toBe('NTV');
    }
    const settings = (await api.controller.get()).data;
    for (const field of placementFields) expect(settings?.[field]).toBe('NTV');
    // Only the field named changes.
    await api.controller.setPlacement({ field: 'homeToCategory', name: 'URL' });
    const after = (await api.controller.get()).data;
    expect(after).toMatchObject({ homeToCategory: 'URL', categoryToSubCategory: 'NTV' });
  });

  it('refuses INHOUSE_FS for the default intent, and unknown fields or modes', async () => {
    expect(
      await api.controller.setPlacement({ field: 'defaultIntent', name: 'INHOUSE_FS' }),
    ).toMatchObject({ httpStatus: 400, message: controllerMessages.defaultIntentMode });
    expect(
      await api.controller.setPlacement({ field: 'trending' as 'afterIntroAds', name: 'FS' }),
    ).toMatchObject({ httpStatus: 400, message: controllerMessages.unknownField });
    expect(
      await api.controller.setPlacement({ field: 'afterIntroAds', name: 'fs' as 'FS' }),
    ).toMatchObject({ httpStatus: 400, message: controllerMessages.unknownMode });
  });

  it('sets the after-splash placement through its own call', async () => {
    const answer = await api.controller.setAfterSplash({ name: 'INHOUSE_FS' });
    expect(answer).toMatchObject({ status: true, data: { afterSplaceAds: 'INHOUSE_FS' } });
    expect((await api.controller.get()).data?.afterSplaceAds).toBe('INHOUSE_FS');
    expect(await api.controller.setAfterSplash({ name: 'SOON' as 'FS' })).toMatchObject({
      httpStatus: 400,
      message: controllerMessages.unknownMode,
    });
  });

  it('sets the intent control to BOTH, FORWORD or BACKWORD only', async () => {
    for (const intentControl of ['FORWORD', 'BACKWORD', 'BOTH'] as const) {
      const answer = await api.controller.setIntentControl({ intentControl });
      expect(answer.data?.intentControl).toBe(intentControl);
    }
    expect(
      await api.controller.setIntentControl({ intentControl: 'FORWARD' as 'FORWORD' }),
    ).toMatchObject({ httpStatus: 400, message: controllerMessages.unknownIntentControl });
  });

  it('needs both Facebook values', async () => {
    const facebook = { facebook_app_id: '1234567890', facebook_client_token: 'abc123' };
    expect(await api.controller.setFacebook(facebook)).toMatchObject({
      status: true,
      data: facebook,
    });
    expect(await api.controller.setFacebook({ ...facebook, facebook_app_id: '  ' })).toMatchObject({
      httpStatus: 400,
      message: controllerMessages.facebookAppId,
    });
    expect(
      await api.controller.setFacebook({ ...facebook, facebook_client_token: '' }),
    ).toMatchObject({ httpStatus: 400, message: controllerMessages.facebookClientToken });
    expect((await api.controller.get()).data).toMatchObject(facebook);
  });

  it('keeps the install-new link, a web address', async () => {
    const btn_url = 'https://play.google.com/store/apps/details?id=in.deals.app';
    const answer = await api.controller.setInstallNew({ btn_url });
    expect(answer.installNew?.btn_url).toBe(btn_url);
    expect((await api.controller.get()).installNew?.btn_url).toBe(btn_url);
    expect(await api.controller.setInstallNew({ btn_url: 'javascript:alert(1)' })).toMatchObject({
      httpStatus: 400,
      message: controllerMessages.installUrl,
    });
  });

  it('answers 401 without a token', async () => {
    const anonymous = clientFor(server);
    expect(await anonymous.controller.get()).toMatchObject({ status: false, httpStatus: 401 });
    expect(await anonymous.controller.setSwitch({ name: 'banner', status: false })).toMatchObject({
      httpStatus: 401,
    });
  });
});
