import {
  adMessages,
  type AdUnitAddInput,
  adUnitTypes,
  endpoints,
  type TrackEvent,
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
import { signedInClient, unknownId } from '../stories/testing.js';
import { trackingService } from '../tracking/service.js';
import { adAnswers as answers } from './service.js';

type Api = Awaited<ReturnType<typeof signedInClient>>;

const webAd = (name: string) => ({
  a_name: name,
  a_id: `https://deals.example.com/${name}`,
  a_description: `All ${name} deals`,
});

describe.each(dialects)('ad units and web ads on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: Api;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  /** Moves the server's clock to an instant. */
  const setClock = (iso: string) =>
    server.clock.advance(Date.parse(iso) - server.clock.now().getTime());
  /** Clicks as the app reports them, at an instant. */
  async function clickAt(iso: string, id: string, count = 1) {
    setClock(iso);
    const events: TrackEvent[] = Array.from({ length: count }, () => ({
      kind: 'webAd',
      id,
      event: 'click',
    }));
    expect(await clientFor(server).tracking.track({ events })).toMatchObject({ status: true });
  }
  /** Adds a web ad and answers its _id (found by its name as stored: spaces removed). */
  async function addWebAd(name: string, url?: string): Promise<string> {
    expect(
      await api.webAds.add({ ...webAd(name), ...(url === undefined ? {} : { a_id: url }) }),
    ).toEqual({
      status: true,
      message: endpoints.adUnits.add.message,
      httpStatus: 200,
    });
    const listed = await api.webAds.list({ startDate: '2026-01-01', endDate: '2026-01-01' });
    const added = listed.data?.find((ad) => ad.a_name === name.replace(/\s/g, ''));
    if (added === undefined) throw new Error(`web ad ${name} not listed`);
    return added._id;
  }

  describe('ad units', () => {
    it.each(adUnitTypes)(
      'adds a %s unit, its spaces removed from name and id, listed under its type only',
      async (type) => {
        const unit = {
          a_name: ` Home ${type}\tTop `,
          a_id: 'ca-app-pub-3940256099942544 / 2247696110 ',
          a_description: ' Shown on the home screen ',
        };
        const added = await api.adUnits.add({ type, ...unit });
        expect(added).toEqual({
          status: true,
          message: endpoints.adUnits.add.message,
          httpStatus: 200,
        });
        const list = await api.adUnits.list({ type });
        expect(list).toMatchObject({ status: true, httpStatus: 200 });
        expect(list.data).toEqual([
          {
            _id: expect.stringMatching(/^[0-9a-f]{24}$/),
            a_name: `Home${type}Top`,
            a_id: 'ca-app-pub-3940256099942544/2247696110',
            a_description: 'Shown on the home screen',
          },
        ]);
        // Web ads are a list of their own.
        const webAds = await api.webAds.list({ startDate: '2026-01-01', endDate: '2026-01-31' });
        expect(webAds.data?.some((ad) => ad.a_name === `Home${type}Top`)).toBe(false);
      },
    );

    it('updates only the ad id and the description; the name stays', async () => {
      await api.adUnits.add({
        type: 'reward',
        a_name: 'Coins',
        a_id: 'unit-1',
        a_description: 'd',
      });
      const coins = async () =>
        ((await api.adUnits.list({ type: 'reward' })).data ?? []).find(
          (ad) => ad.a_name === 'Coins',
        );
      const id = (await coins())?._id ?? '';
      const update = { a_name: 'Renamed', a_id: ' unit-2 ', a_description: 'Daily coins' };
      expect(await api.adUnits.update({ type: 'reward', id, ...update })).toEqual({
        status: true,
        message: endpoints.adUnits.update.message,
        httpStatus: 200,
      });
      expect(await coins()).toEqual({
        _id: id,
        a_name: 'Coins',
        a_id: 'unit-2',
        a_description: 'Daily coins',
      });
    });

    it('refuses an ad id its type already has (409 naming the ad), on add and on update', async () => {
      const unit = { a_id: 'ca-app-pub-9/twice', a_description: 'd' };
      await api.adUnits.add({ type: 'banner', a_name: 'First', ...unit });
      const taken = {
        status: false,
        message: 'The ad ID ca-app-pub-9/twice is already used by the ad First',
        httpStatus: 409,
      };
      expect(await api.adUnits.add({ type: 'banner', a_name: 'Second', ...unit })).toEqual(taken);
      // Another type may use it; nothing was written by the refusal.
      expect(await api.adUnits.add({ type: 'open', a_name: 'Second', ...unit })).toMatchObject({
        status: true,
      });
      const banners = (await api.adUnits.list({ type: 'banner' })).data ?? [];
      expect(banners.filter((ad) => ad.a_id === unit.a_id).map((ad) => ad.a_name)).toEqual([
        'First',
      ]);
      await api.adUnits.add({ type: 'banner', a_name: 'Third', a_id: 'other', a_description: 'd' });
      const third = ((await api.adUnits.list({ type: 'banner' })).data ?? []).find(
        (ad) => ad.a_name === 'Third',
      );
      const move = { type: 'banner' as const, id: third?._id ?? '', a_description: 'd' };
      expect(await api.adUnits.update({ ...move, a_id: unit.a_id })).toEqual(taken);
      // Its own id, saved again, is no conflict.
      expect(await api.adUnits.update({ ...move, a_id: 'other' })).toMatchObject({ status: true });
      const url = webAd('Twice');
      await api.webAds.add(url);
      expect(await api.webAds.add({ ...url, a_name: 'Again' })).toEqual({
        status: false,
        message: `The URL ${url.a_id} is already used by the ad Twice`,
        httpStatus: 409,
      });
    });

    it.each([
      ['a blank name', { a_name: ' ', a_id: 'x', a_description: 'd' }],
      ['a missing id', { a_name: 'n', a_description: 'd' }],
      ['a blank description', { a_name: 'n', a_id: 'x', a_description: '' }],
    ])("refuses %s with 'Please fill all the fields'", async (_label, ad) => {
      const answer = await api.adUnits.add({ type: 'native', ...(ad as AdUnitAddInput) });
      expect(answer).toEqual({ status: false, message: adMessages.fillAll, httpStatus: 400 });
    });

    it('refuses an unknown type, and answers 404 for an id that is no ad of that type', async () => {
      const wrongType = await api.adUnits.list({ type: 'interstitial' as 'native' });
      expect(wrongType).toMatchObject({ status: false, httpStatus: 400 });
      expect(wrongType.message).toBe(adMessages.unknownType);

      await api.adUnits.add({ type: 'open', a_name: 'Splash', a_id: 'unit', a_description: 'd' });
      const [open] = (await api.adUnits.list({ type: 'open' })).data ?? [];
      const update = { a_id: 'x', a_description: 'y' };
      expect(await api.adUnits.update({ type: 'banner', id: open?._id ?? '', ...update })).toEqual({
        status: false,
        message: answers.notFound,
        httpStatus: 404,
      });
      expect(await api.adUnits.update({ type: 'banner', id: unknownId, ...update })).toMatchObject({
        httpStatus: 404,
      });
      expect(
        await api.adUnits.update({ type: 'banner', id: 'not-an-id', ...update }),
      ).toMatchObject({
        httpStatus: 400,
        message: 'Invalid id',
      });
    });

    it('needs a signed-in admin', async () => {
      expect(await clientFor(server).adUnits.list({ type: 'native' })).toMatchObject({
        status: false,
        httpStatus: 401,
      });
    });
  });

  describe('web ads', () => {
    it('needs a real URL as the ad id', async () => {
      expect(
        await api.webAds.add({ a_name: 'Deals', a_id: 'deals-page', a_description: 'd' }),
      ).toEqual({ status: false, message: adMessages.webAdUrl, httpStatus: 400 });
      expect(await api.webAds.add({ a_name: 'Deals', a_id: ' ', a_description: 'd' })).toEqual({
        status: false,
        message: adMessages.fillAll,
        httpStatus: 400,
      });
    });

    it('removes the spaces of a pasted name and URL, as the spec does', async () => {
      const id = await addWebAd(' Spring Sale ', 'https://deals.example.com/ spring\n');
      const listed = await api.webAds.list({ startDate: '2026-01-01', endDate: '2026-01-01' });
      expect(listed.data?.find((ad) => ad._id === id)).toMatchObject({
        a_name: 'SpringSale',
        a_id: 'https://deals.example.com/spring',
        a_description: 'All  Spring Sale  deals',
      });
    });

    it('counts clicks per business day (Asia/Kolkata) within the asked range', async () => {
      const id = await addWebAd('Diwali');
      // 18:29:59Z is 23:59:59 on 10 March in Kolkata; 18:30:00Z is already 11 March.
      await clickAt('2026-03-10T18:29:59.000Z', id, 2);
      await clickAt('2026-03-10T18:30:00.000Z', id, 3);
      await clickAt('2026-03-12T06:00:00.000Z', id, 4);
      const clicksIn = async (startDate: string, endDate: string) =>
        (await api.webAds.list({ startDate, endDate })).data?.find((ad) => ad._id === id)?.a_click;
      expect(await clicksIn('2026-03-10', '2026-03-10')).toBe(2);
      expect(await clicksIn('2026-03-11', '2026-03-11')).toBe(3);
      expect(await clicksIn('2026-03-10', '2026-03-12')).toBe(9);
      expect(await clicksIn('2026-03-13', '2026-03-31')).toBe(0);
      expect(
        (await api.webAds.list({ startDate: '2026-03-10', endDate: '2026-03-10' })).data,
      ).toContainEqual({
        _id: id,
        ...webAd('Diwali'),
        a_click: 2,
      });
    });

    it('checks the range', async () => {
      expect(await api.webAds.list({ startDate: '2026-03-12', endDate: '2026-03-10' })).toEqual({
        status: false,
        message: adMessages.dateOrder,
        httpStatus: 400,
      });
      expect(await api.webAds.list({ startDate: '10/03/2026', endDate: '2026-03-10' })).toEqual({
        status: false,
        message: adMessages.dateFormat,
        httpStatus: 400,
      });
    });

    it("clears one ad's counts within a range, from its totals too", async () => {
      const id = await addWebAd('Holi');
      await clickAt('2026-04-01T06:00:00.000Z', id, 5);
      await clickAt('2026-04-02T06:00:00.000Z', id, 7);
      const range = { startDate: '2026-04-01', endDate: '2026-04-01' };
      expect(await api.webAds.clearCounts({ id, ...range })).toEqual({
        status: true,
        message: endpoints.webAds.clearCounts.message,
        httpStatus: 200,
      });
      const all = { startDate: '2026-04-01', endDate: '2026-04-30' };
      expect((await api.webAds.list(all)).data?.find((ad) => ad._id === id)?.a_click).toBe(7);
      const totals = await trackingService(server.app.dealdesk.context).totalsOf([id]);
      expect(totals.get(id)).toEqual({ views: 0, clicks: 7 });
    });

    it('clears the counts of listed ads, also given as web-source ids with a suffix', async () => {
      const [first, second, kept] = [
        await addWebAd('One'),
        await addWebAd('Two'),
        await addWebAd('Kept'),
      ];
      for (const id of [first, second, kept]) await clickAt('2026-05-05T06:00:00.000Z', id, 2);
      const range = { startDate: '2026-05-01', endDate: '2026-05-31' };
      expect(
        await api.webAds.clearAllCounts({ id: [first, `${second}&adsType=web`], ...range }),
      ).toEqual({
        status: true,
        message: endpoints.webAds.clearCounts.message,
        httpStatus: 200,
      });
      const clicks = new Map(
        ((await api.webAds.list(range)).data ?? []).map((ad) => [ad._id, ad.a_click]),
      );
      expect([clicks.get(first), clicks.get(second), clicks.get(kept)]).toEqual([0, 0, 2]);
    });

    it("answers 'Ads Not Availale' when no ads are listed, and 404 for an id that is no web ad", async () => {
      const range = { startDate: '2026-05-01', endDate: '2026-05-31' };
      expect(await api.webAds.clearAllCounts({ id: [], ...range })).toEqual({
        status: false,
        message: adMessages.adsNotAvailable,
        httpStatus: 400,
      });
      const id = await addWebAd('Partial');
      await clickAt('2026-05-06T06:00:00.000Z', id, 1);
      expect(await api.webAds.clearAllCounts({ id: [id, unknownId], ...range })).toEqual({
        status: false,
        message: answers.notFound,
        httpStatus: 404,
      });
      // Nothing was cleared.
      expect((await api.webAds.list(range)).data?.find((ad) => ad._id === id)?.a_click).toBe(1);
      expect(await api.webAds.clearCounts({ id: unknownId, ...range })).toMatchObject({
        httpStatus: 404,
      });
    });

    it('updates the URL and the description only', async () => {
      const id = await addWebAd('Summer');
      const update = {
        a_id: 'https://deals.example.com/summer-sale',
        a_description: 'Summer sale',
      };
      expect(await api.webAds.update({ id, ...update })).toEqual({
        status: true,
        message: endpoints.adUnits.update.message,
        httpStatus: 200,
      });
      const listed = (await api.webAds.list({ startDate: '2026-01-01', endDate: '2026-01-01' }))
        .data;
      expect(listed?.find((ad) => ad._id === id)).toEqual({
        _id: id,
        a_name: 'Summer',
        a_id: 'https://deals.example.com/summer-sale',
        a_description: 'Summer sale',
        a_click: 0,
      });
      expect(await api.webAds.update({ id, ...update, a_id: 'nope' })).toMatchObject({
        httpStatus: 400,
        message: adMessages.webAdUrl,
      });
      expect(await api.webAds.update({ id: unknownId, ...update })).toMatchObject({
        httpStatus: 404,
      });
    });

    it('deletes an ad with its counters', async () => {
      const id = await addWebAd('Gone');
      await clickAt('2026-06-01T06:00:00.000Z', id, 3);
      expect(await api.webAds.remove({ id })).toEqual({
        status: true,
        message: endpoints.webAds.remove.message,
        httpStatus: 200,
      });
      const listed = await api.webAds.list({ startDate: '2026-06-01', endDate: '2026-06-01' });
      expect(listed.data?.some((ad) => ad._id === id)).toBe(false);
      expect(await trackingService(server.app.dealdesk.context).totalsOf([id])).toEqual(
        new Map([[id, { views: 0, clicks: 0 }]]),
      );
      expect(await api.webAds.remove({ id })).toEqual({
        status: false,
        message: answers.notFound,
        httpStatus: 404,
      });
    });
  });
});
