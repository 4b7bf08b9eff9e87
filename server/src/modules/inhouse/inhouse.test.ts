import {
  endpoints,
  type InHouseAdCreateRequest,
  type InHouseAdEditRequest,
  inHouseMessages,
  readCsvRecords,
  rowColumns,
  type TrackEvent,
  uploadMessages,
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
import { mediaState, notAnImage, sample, signedInClient, unknownId } from '../stories/testing.js';
import { inHouseAnswers as answers } from './service.js';

type Api = Awaited<ReturnType<typeof signedInClient>>;

const form = (mainTitle: string, overrides: Partial<InHouseAdCreateRequest> = {}) =>
  ({
    mainTitle,
    subTitle: 'Up to 70% off',
    description: 'Festive offers on phones and TVs',
    callToAction: 'https://deals.example.com/festive',
    btnName: 'Shop now',
    ad_type: 'NTV',
    medType: 'image',
    maxviewLimit: 0,
    maxviewStatus: false,
    maxclickLimit: 0,
    maxclickStatus: false,
    icon: sample('png'),
    image: sample('jpg'),
    ...overrides,
  }) as InHouseAdCreateRequest;

describe.each(dialects)('in-house ads on %s', (dialect) => {
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

  /** Creates an ad and answers it as the list shows it. */
  async function create(title: string, overrides: Partial<InHouseAdCreateRequest> = {}) {
    expect(await api.inHouseAds.create(form(title, overrides))).toEqual({
      status: true,
      message: endpoints.inHouseAds.create.message,
      httpStatus: 200,
    });
    const ad = (await api.inHouseAds.list({ q: title })).data?.find((a) => a.mainTitle === title);
    if (ad === undefined) throw new Error(`${title} not listed`);
    return ad;
  }

  /** The edit form as the edit screen sends it back unchanged. */
  const editOf = (ad: Awaited<ReturnType<typeof create>>): InHouseAdEditRequest => ({
    id: ad._id,
    mainTitle: ad.mainTitle,
    subTitle: ad.subTitle,
    description: ad.description,
    callToAction: ad.callToAction,
    btnName: ad.btnName,
    ad_type: ad.ad_type,
    medType: ad.medType,
    status: ad.status,
    maxviewLimit: ad.maxviewLimit,
    maxviewStatus: ad.maxviewStatus,
    maxclickLimit: ad.maxclickLimit,
    maxclickStatus: ad.maxclickStatus,
  });

  it('creates an active ad with its icon and image, served from /media', async () => {
    const ad = await create('Festive sale');
    expect(ad).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      ad_type: 'NTV',
      mainTitle: 'Festive sale',
      subTitle: 'Up to 70% off',
      description: 'Festive offers on phones and TVs',
      medType: 'image',
      medView: expect.stringMatching(/^\/media\/\w+\.jpg$/),
      icon: expect.stringMatching(/^\/media\/\w+\.png$/),
      callToAction: 'https://deals.example.com/festive',
      btnName: 'Shop now',
      status: true,
      view: 0,
      clickCount: 0,
      maxviewLimit: 0,
      maxviewStatus: false,
      maxclickLimit: 0,
      maxclickStatus: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/),
      running: true,
    });
    expect(await mediaState(server, ad.icon)).toEqual([true, 200]);
    expect(await mediaState(server, ad.medView)).toEqual([true, 200]);
    expect(await api.inHouseAds.get({ id: ad._id })).toEqual({
      status: true,
      message: endpoints.inHouseAds.get.message,
      data: ad,
      httpStatus: 200,
    });
  });

  it('takes a full-screen video ad', async () => {
    const ad = await create('Video ad', {
      ad_type: 'FS',
      medType: 'video',
      image: undefined,
      video: sample('mp4'),
    });
    expect(ad).toMatchObject({ ad_type: 'FS', medType: 'video' });
    expect(ad.medView).toMatch(/\.mp4$/);
  });

  it.each([
    ['no icon', { icon: undefined }, 400, inHouseMessages.missingFiles],
    ['no image', { image: undefined }, 400, inHouseMessages.missingFiles],
    ['a video for an image ad', { video: sample('mp4') }, 400, inHouseMessages.mediaMismatch],
    ['text posing as a PNG icon', { icon: notAnImage }, 415, uploadMessages.imageType],
    ['a GIF image', { image: sample('gif') }, 415, uploadMessages.imageType],
    [
      'an image over 2 MB',
      { image: sample('png', 2 * 1024 * 1024 + 1) },
      413,
      uploadMessages.imageSize,
    ],
    ['an mp4 in the image slot', { image: sample('mp4') }, 415, uploadMessages.imageType],
    ['a blank title', { mainTitle: ' ' }, 400, inHouseMessages.title],
    ['a CTA that is no link', { callToAction: 'deals' }, 400, inHouseMessages.callToAction],
    ['a blank button text', { btnName: '' }, 400, inHouseMessages.buttonText],
  ] as const)('refuses %s', async (_label, overrides, httpStatus, message) => {
    const before = (await api.inHouseAds.list({ limit: 1000 })).data?.length;
    const answer = await api.inHouseAds.create(
      form('Refused', overrides as Partial<InHouseAdCreateRequest>),
    );
    expect(answer).toEqual({ status: false, message, httpStatus });
    expect((await api.inHouseAds.list({ limit: 1000 })).data?.length).toBe(before);
  });

  it.each([
    [
      'Click wins when both are set',
      { maxviewLimit: 50, maxviewStatus: true, maxclickLimit: 20, maxclickStatus: true },
      [0, false, 20, true],
    ],
    ['View alone', { maxviewLimit: 50, maxviewStatus: true }, [50, true, 0, false]],
    ['None clears both', { maxviewLimit: 50, maxclickLimit: 20 }, [0, false, 0, false]],
    [
      'non-numeric counts as 0',
      { maxclickLimit: 'lots' as unknown as number, maxclickStatus: true },
      [0, false, 0, true],
    ],
  ] as const)(
    'stores the limits: %s',
    async (label, limits, [viewLimit, viewOn, clickLimit, clickOn]) => {
      const ad = await create(`Limits ${label}`, limits);
      expect([ad.maxviewLimit, ad.maxviewStatus, ad.maxclickLimit, ad.maxclickStatus]).toEqual([
        viewLimit,
        viewOn,
        clickLimit,
        clickOn,
      ]);
    },
  );

  it('shows views and clicks from the tracking counters', async () => {
    const ad = await create('Tracked');
    const events: TrackEvent[] = [
      ...Array.from({ length: 3 }, () => ({
        kind: 'inHouseAd' as const,
        id: ad._id,
        event: 'view' as const,
      })),
      { kind: 'inHouseAd', id: ad._id, event: 'click' },
    ];
    await clientFor(server).tracking.track({ events });
    expect((await api.inHouseAds.get({ id: ad._id })).data).toMatchObject({
      view: 3,
      clickCount: 1,
    });
  });

  it('exports the ads the search finds with their counts, newest first, as CSV', async () => {
    const older = await create('=Exported older');
    const newer = await create('Exported newer');
    await clientFor(server).tracking.track({
      events: [{ kind: 'inHouseAd', id: newer._id, event: 'click' }],
    });
    const answer = await api.inHouseAds.export({ q: 'Exported' });
    if (!answer.status || answer.response === undefined) throw new Error(answer.message);
    const [header, ...records] = readCsvRecords(await answer.response.text());
    const columns = rowColumns(endpoints.inHouseAds.export);
    expect(header?.fields).toEqual(columns);
    const cell = (record: (typeof records)[number] | undefined, column: string) =>
      record?.fields[columns.indexOf(column)];
    expect(records.map((record) => cell(record, '_id'))).toEqual([newer._id, older._id]);
    expect(cell(records[1], 'mainTitle')).toBe("'=Exported older");
    expect(cell(records[0], 'clickCount')).toBe('1');
    expect(cell(records[0], 'running')).toBe('true');
    expect((await clientFor(server).inHouseAds.export()).httpStatus).toBe(401);
  });

  it('stops running once its click limit is reached, while it stays active', async () => {
    const ad = await create('Click limited', { maxclickLimit: 2, maxclickStatus: true });
    expect((await api.inHouseAds.get({ id: ad._id })).data).toMatchObject({ running: true });
    const click = { kind: 'inHouseAd' as const, id: ad._id, event: 'click' as const };
    await clientFor(server).tracking.track({ events: [click] });
    expect((await api.inHouseAds.get({ id: ad._id })).data).toMatchObject({
      clickCount: 1,
      running: true,
    });
    await clientFor(server).tracking.track({ events: [click] });
    expect((await api.inHouseAds.get({ id: ad._id })).data).toMatchObject({
      clickCount: 2,
      status: true,
      running: false,
    });
    const listed = (await api.inHouseAds.list({ limit: 1000 })).data?.find(
      (row) => row._id === ad._id,
    );
    expect(listed).toMatchObject({ running: false });
  });

  it('is not running while inactive', async () => {
    const ad = await create('Paused');
    await api.inHouseAds.setStatus({ id: ad._id, status: false });
    expect((await api.inHouseAds.get({ id: ad._id })).data).toMatchObject({
      status: false,
      running: false,
    });
  });

  it('answers the running flag from the controller switch', async () => {
    await api.controller.setSwitch({ name: 'inHouseAds', status: false });
    expect(await api.inHouseAds.list()).toMatchObject({ InHouseAdsStatus: false });
    await api.controller.setSwitch({ name: 'inHouseAds', status: true });
    expect(await api.inHouseAds.list()).toMatchObject({ InHouseAdsStatus: true });
  });

  it('flips the status, and answers 404 for an unknown id', async () => {
    const ad = await create('Status');
    expect(await api.inHouseAds.setStatus({ id: ad._id, status: false })).toEqual({
      status: true,
      message: endpoints.inHouseAds.setStatus.message,
      httpStatus: 200,
    });
    expect((await api.inHouseAds.get({ id: ad._id })).data?.status).toBe(false);
    await api.inHouseAds.setStatus({ id: ad._id, status: true });
    expect((await api.inHouseAds.get({ id: ad._id })).data?.status).toBe(true);
    expect(await api.inHouseAds.setStatus({ id: unknownId, status: true })).toEqual({
      status: false,
      message: answers.notFound,
      httpStatus: 404,
    });
    expect(await api.inHouseAds.get({ id: unknownId })).toMatchObject({ httpStatus: 404 });
  });

  describe('edit', () => {
    it('changes the texts and keeps files and counters when none are sent', async () => {
      const ad = await create('Before edit');
      await clientFor(server).tracking.track({
        events: [{ kind: 'inHouseAd', id: ad._id, event: 'click' }],
      });
      const edit = { ...editOf(ad), mainTitle: 'After edit', btnName: 'Buy', status: false };
      expect(await api.inHouseAds.edit(edit)).toEqual({
        status: true,
        message: endpoints.inHouseAds.edit.message,
        httpStatus: 200,
      });
      expect((await api.inHouseAds.get({ id: ad._id })).data).toEqual({
        ...ad,
        mainTitle: 'After edit',
        btnName: 'Buy',
        status: false,
        clickCount: 1,
        running: false,
      });
    });

    it('replaces the icon and removes the old file', async () => {
      const ad = await create('New icon');
      expect(await api.inHouseAds.edit({ ...editOf(ad), icon: sample('jpg') })).toMatchObject({
        status: true,
      });
      const edited = (await api.inHouseAds.get({ id: ad._id })).data;
      expect(edited?.icon).toMatch(/\.jpg$/);
      expect(edited?.medView).toBe(ad.medView);
      expect(await mediaState(server, ad.icon)).toEqual([false, 404]);
      expect(await mediaState(server, edited?.icon ?? '')).toEqual([true, 200]);
    });

    it('refuses a media type change without a new file, and takes one with it', async () => {
      const ad = await create('To video');
      expect(await api.inHouseAds.edit({ ...editOf(ad), medType: 'video' })).toEqual({
        status: false,
        message: inHouseMessages.missingFiles,
        httpStatus: 400,
      });
      expect((await api.inHouseAds.get({ id: ad._id })).data).toEqual(ad);

      const changed = await api.inHouseAds.edit({
        ...editOf(ad),
        medType: 'video',
        video: sample('mp4'),
      });
      expect(changed).toMatchObject({ status: true });
      const edited = (await api.inHouseAds.get({ id: ad._id })).data;
      expect(edited).toMatchObject({ medType: 'video', medView: expect.stringMatching(/\.mp4$/) });
      expect(await mediaState(server, ad.medView)).toEqual([false, 404]);
    });

    it('normalises the limits as on create, and answers 404 for an unknown id', async () => {
      const ad = await create('Edit limits');
      await api.inHouseAds.edit({
        ...editOf(ad),
        maxviewLimit: 10,
        maxviewStatus: true,
        maxclickLimit: 5,
        maxclickStatus: true,
      });
      expect((await api.inHouseAds.get({ id: ad._id })).data).toMatchObject({
        maxviewLimit: 0,
        maxviewStatus: false,
        maxclickLimit: 5,
        maxclickStatus: true,
      });
      expect(await api.inHouseAds.edit({ ...editOf(ad), id: unknownId })).toEqual({
        status: false,
        message: answers.notFound,
        httpStatus: 404,
      });
    });
  });

  describe('list', () => {
    let marked: string[];
    beforeAll(async () => {
      marked = [];
      for (const title of ['Zebra one', 'Zebra two', 'Zebra three', 'zebra FOUR', 'Zebra 100%']) {
        marked.push((await create(title, { subTitle: `${title} subtitle` }))._id);
      }
    });

    it('pages newest first, with the page count', async () => {
      const first = await api.inHouseAds.list({ q: 'zebra', limit: 2, page: 1 });
      expect(first).toMatchObject({ status: true, totalPages: 3, httpStatus: 200 });
      expect(first.data?.map((ad) => ad._id)).toEqual([marked[4], marked[3]]);
      const last = await api.inHouseAds.list({ q: 'zebra', limit: 2, page: 3 });
      expect(last.data?.map((ad) => ad._id)).toEqual([marked[0]]);
      const beyond = await api.inHouseAds.list({ q: 'zebra', limit: 2, page: 4 });
      expect(beyond).toMatchObject({ data: [], totalPages: 3 });
    });

    it('searches title, subtitle and description, ignoring case; % is literal', async () => {
      const titles = async (q: string) =>
        ((await api.inHouseAds.list({ q })).data ?? []).map((ad) => ad.mainTitle).sort();
      expect(await titles('ZEBRA f')).toEqual(['zebra FOUR']);
      expect(await titles('three SUBTITLE')).toEqual(['Zebra three']);
      expect(await titles('100%')).toEqual(['Zebra 100%']);
      // As LIKE wildcards, % and _ would find 'Zebra one'.
      expect(await titles('zebra%one')).toEqual([]);
      expect(await titles('zebra_one')).toEqual([]);
      expect(await api.inHouseAds.list({ q: 'nothing like this' })).toMatchObject({
        data: [],
        totalPages: 1,
      });
    });

    it('checks page and limit', async () => {
      expect(await api.inHouseAds.list({ page: 0 })).toMatchObject({ httpStatus: 400 });
      expect(await api.inHouseAds.list({ limit: 5000 })).toMatchObject({ httpStatus: 400 });
    });
  });

  it('deletes a list of ads with their files and counters, all or nothing', async () => {
    const [first, second] = [await create('Delete one'), await create('Delete two')];
    await clientFor(server).tracking.track({
      events: [{ kind: 'inHouseAd', id: first._id, event: 'view' }],
    });
    expect(await api.inHouseAds.remove({ id: [first._id, unknownId] })).toEqual({
      status: false,
      message: answers.notFound,
      httpStatus: 404,
    });
    expect((await api.inHouseAds.get({ id: first._id })).status).toBe(true);

    expect(await api.inHouseAds.remove({ id: [first._id, second._id] })).toEqual({
      status: true,
      message: endpoints.inHouseAds.remove.message,
      httpStatus: 200,
    });
    for (const ad of [first, second]) {
      expect(await api.inHouseAds.get({ id: ad._id })).toMatchObject({ httpStatus: 404 });
      expect(await mediaState(server, ad.icon)).toEqual([false, 404]);
      expect(await mediaState(server, ad.medView)).toEqual([false, 404]);
    }
    const { db } = server.app.dealdesk.context;
    const counters = await db
      .selectFrom('item_totals')
      .select('item_id')
      .where('item_id', '=', first._id)
      .execute();
    expect(counters).toEqual([]);
    expect(await api.inHouseAds.remove({ id: [] })).toMatchObject({ httpStatus: 400 });
  });
});
