import {
  adMessages,
  endpoints,
  rowColumns,
  type TrackedKind,
  type TrackEvent,
} from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../ids.js';
import { insertTrackable } from '../tracking/testing.js';
import {
  clientFor,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { sample, signedInClient, unknownId } from '../stories/testing.js';
import { analyticsAnswers as answers } from './service.js';

type Api = Awaited<ReturnType<typeof signedInClient>>;

describe.each(dialects)('analytics on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: Api;
  let webAd: string;
  let otherWebAd: string;
  let inHouseAd: string;
  const [banner, shortcut] = [newId(), newId()];

  /** Views or clicks as the app reports them, at an instant. */
  async function track(
    at: string,
    kind: TrackedKind,
    id: string,
    event: 'view' | 'click',
    count: number,
  ) {
    server.clock.advance(Date.parse(at) - server.clock.now().getTime());
    const events: TrackEvent[] = Array.from({ length: count }, () => ({ kind, id, event }));
    expect(await clientFor(server).tracking.track({ events })).toMatchObject({
      status: true,
      rejected: [],
    });
  }

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
    await insertTrackable(server.app.dealdesk.context.db, 'banner', [banner]);
    await insertTrackable(server.app.dealdesk.context.db, 'shortcut', [shortcut]);
    for (const name of ['Mega', 'Mini']) {
      await api.webAds.add({
        a_name: name,
        a_id: `https://ads.example.com/${name}`,
        a_description: name,
      });
    }
    const webAds =
      (await api.webAds.list({ startDate: '2026-01-01', endDate: '2026-01-01' })).data ?? [];
    [webAd, otherWebAd] = webAds.map((ad) => ad._id) as [string, string];
    await api.inHouseAds.create({
      mainTitle: 'House deal',
      subTitle: 's',
      description: 'd',
      callToAction: 'https://deals.example.com',
      btnName: 'Go',
      ad_type: 'FS',
      medType: 'image',
      maxviewLimit: 0,
      maxviewStatus: false,
      maxclickLimit: 0,
      maxclickStatus: false,
      icon: sample('png'),
      image: sample('png'),
    });
    inHouseAd = (await api.inHouseAds.list()).data?.[0]?._id ?? '';

    // 18:29:59Z is the last second of 1 March in Kolkata (+05:30); 18:30:00Z is 2 March.
    await track('2026-03-01T18:29:59.000Z', 'webAd', webAd, 'click', 2);
    await track('2026-03-01T18:30:00.000Z', 'webAd', webAd, 'click', 3);
    await track('2026-03-01T18:30:00.000Z', 'webAd', webAd, 'view', 10);
    await track('2026-03-02T05:00:00.000Z', 'inHouseAd', inHouseAd, 'click', 4);
    await track('2026-03-02T05:00:00.000Z', 'inHouseAd', inHouseAd, 'view', 6);
    await track('2026-03-02T05:00:00.000Z', 'banner', banner, 'click', 7);
    await track('2026-03-02T05:00:00.000Z', 'shortcut', shortcut, 'click', 8);
    await track('2026-03-03T05:00:00.000Z', 'shortcut', shortcut, 'click', 1);
    // Outside every range asked below.
    await track('2026-04-15T05:00:00.000Z', 'webAd', otherWebAd, 'click', 50);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const report = (startDate: string, endDate: string) => api.analytics.get({ startDate, endDate });

  it("counts each ad's clicks, banner and shortcut clicks, and the views and clicks per day", async () => {
    const answer = await report('2026-03-01', '2026-03-02');
    expect(answer).toMatchObject({
      status: true,
      message: endpoints.analytics.get.message,
      httpStatus: 200,
    });
    expect(answer.data).toEqual([
      { _id: webAd, a_name: 'Mega', a_click: 5 },
      { _id: otherWebAd, a_name: 'Mini', a_click: 0 },
      { _id: inHouseAd, a_name: 'House deal', a_click: 4 },
    ]);
    expect(answer).toMatchObject({
      bannerTotal: 7,
      sortcutTotal: 8,
      totalViews: 16,
      totalClicks: 9,
      // Each business day dated at its start: midnight in Kolkata is 18:30Z the day before.
      views_data: [{ createdAt: '2026-03-01T18:30:00.000Z', count: 16 }],
      clicks_data: [
        { createdAt: '2026-02-28T18:30:00.000Z', count: 2 },
        { createdAt: '2026-03-01T18:30:00.000Z', count: 7 },
      ],
    });
  });

  it('puts an event on the business day of its instant', async () => {
    const firstDay = await report('2026-03-01', '2026-03-01');
    expect(firstDay.data?.find((item) => item._id === webAd)?.a_click).toBe(2);
    expect(firstDay).toMatchObject({ bannerTotal: 0, sortcutTotal: 0, totalViews: 0 });
    const thirdDay = await report('2026-03-03', '2026-03-03');
    expect(thirdDay).toMatchObject({ sortcutTotal: 1, totalClicks: 0, clicks_data: [] });
  });

  it('checks the range', async () => {
    expect(await report('2026-03-05', '2026-03-01')).toEqual({
      status: false,
      message: adMessages.dateOrder,
      httpStatus: 400,
    });
    expect(await report('2026-02-30', '2026-03-01')).toEqual({
      status: false,
      message: adMessages.dateFormat,
      httpStatus: 400,
    });
  });

  it('exports the range per item and business day as CSV and JSON Lines', async () => {
    const names = new Map(
      ((await api.webAds.list({ startDate: '2026-01-01', endDate: '2026-01-01' })).data ?? []).map(
        (ad) => [ad._id, ad.a_name],
      ),
    );
    const range = { startDate: '2026-03-01', endDate: '2026-03-03' };
    const answer = await api.analytics.export(range);
    if (!answer.status || answer.response === undefined) throw new Error(answer.message);
    expect(answer.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await answer.response.text()).toBe(
      [
        rowColumns(endpoints.analytics.export).join(','),
        `2026-03-01,webAd,${webAd},${names.get(webAd)},0,2`,
        `2026-03-02,webAd,${webAd},${names.get(webAd)},10,3`,
        `2026-03-02,inHouseAd,${inHouseAd},House deal,6,4`,
        `2026-03-02,banner,${banner},Banner 1,0,7`,
        `2026-03-02,shortcut,${shortcut},Shortcut 1,0,8`,
        `2026-03-03,shortcut,${shortcut},Shortcut 1,0,1`,
        '',
      ].join('\r\n'),
    );
    const lines = await api.analytics.export({
      ...range,
      startDate: '2026-03-03',
      format: 'jsonl',
    });
    expect(await lines.response?.text()).toBe(
      `${JSON.stringify({ day: '2026-03-03', kind: 'shortcut', item_id: shortcut, name: 'Shortcut 1', views: 0, clicks: 1 })}\n`,
    );
    const backwards = await api.analytics.export({
      startDate: '2026-03-03',
      endDate: '2026-03-01',
    });
    expect(backwards).toMatchObject({ status: false, httpStatus: 400 });
    expect((await clientFor(server).analytics.export(range)).httpStatus).toBe(401);
  });

  it('clears one item within a range; a web-source id is cut at its first &', async () => {
    const range = { startDate: '2026-03-02', endDate: '2026-03-02' };
    expect(await api.analytics.clearCounts({ id: `${webAd}&adsType=web`, ...range })).toEqual({
      status: true,
      message: endpoints.analytics.clearCounts.message,
      httpStatus: 200,
    });
    const after = await report('2026-03-01', '2026-03-02');
    // The day before the range keeps its 2 clicks.
    expect(after.data?.find((item) => item._id === webAd)?.a_click).toBe(2);
    expect(after).toMatchObject({ totalViews: 6, bannerTotal: 7 });
  });

  it('clears a list of items, and refuses an empty list or an unknown id', async () => {
    const range = { startDate: '2026-03-01', endDate: '2026-03-31' };
    expect(await api.analytics.clearAllCounts({ id: [], ...range })).toEqual({
      status: false,
      message: adMessages.adsNotAvailable,
      httpStatus: 400,
    });
    expect(await api.analytics.clearAllCounts({ id: [inHouseAd, unknownId], ...range })).toEqual({
      status: false,
      message: answers.notFound,
      httpStatus: 404,
    });
    expect(
      (await report('2026-03-01', '2026-03-31')).data?.find((i) => i._id === inHouseAd),
    ).toMatchObject({
      a_click: 4,
    });
    expect(await api.analytics.clearAllCounts({ id: [webAd, inHouseAd], ...range })).toMatchObject({
      status: true,
      httpStatus: 200,
    });
    const after = await report('2026-01-01', '2026-12-31');
    expect(after.data?.map((item) => item.a_click)).toEqual([0, 50, 0]);
    // Banners and shortcuts are not ad items of this screen: their counts stay.
    expect(after).toMatchObject({ bannerTotal: 7, sortcutTotal: 9 });
    // Only a banner or shortcut id: not an ad.
    expect(await api.analytics.clearCounts({ id: banner, ...range })).toMatchObject({
      httpStatus: 404,
    });
  });

  it('needs a signed-in admin', async () => {
    expect(
      await clientFor(server).analytics.get({ startDate: '2026-03-01', endDate: '2026-03-01' }),
    ).toMatchObject({
      httpStatus: 401,
    });
  });
});
