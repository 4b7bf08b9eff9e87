import {
  bannerMessages as fieldMessages,
  oneMediaMessage,
  uploadMessages,
  type ApiClient,
  type Banner,
  type UploadFile,
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
import {
  countRows,
  mediaState,
  sample,
  track,
  signedInClient,
  unknownId,
} from '../stories/testing.js';
import { bannerNotFound } from './service.js';

const sale = { name: 'Diwali sale', url: 'https://deals.example/diwali' };

describe.each(dialects)('banner b1 on %s', (dialect) => {
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

  async function added(
    files: { image?: UploadFile; video?: UploadFile } = { image: sample('png') },
    insertData: { name: string; url: string } = sale,
  ): Promise<Banner> {
    const answer = await api.banners.add({ insertData, ...files });
    if (answer.data === undefined) throw new Error(`add failed: ${answer.message}`);
    return answer.data;
  }
  const find = async (id: string) => (await api.banners.find({ id })).data;
  const editOf = (banner: Banner) => ({
    _id: banner._id,
    insertData: { name: banner.name, url: banner.url, clickCount: banner.clickCount },
  });

  it('starts empty with the banner switch on, answered as bannerStatus', async () => {
    expect(await api.banners.list()).toMatchObject({ status: true, data: [], bannerStatus: true });
    await api.controller.setSwitch({ name: 'banner', status: false });
    expect((await api.banners.list()).bannerStatus).toBe(false);
    await api.controller.setSwitch({ name: 'banner', status: true });
  });

  it('adds a PNG banner, or an mp4 one; the link is optional', async () => {
    const image = await api.banners.add({ insertData: sale, image: sample('png') });
    expect(image).toMatchObject({ status: true, httpStatus: 200 });
    expect(image.data).toMatchObject({ ...sale, video: '', status: true, clickCount: 0 });
    expect(await mediaState(server, image.data?.image ?? '')).toEqual([true, 200]);

    const video = await added({ video: sample('mp4') }, { name: 'Video only', url: '' });
    expect(video).toMatchObject({ name: 'Video only', url: '', image: '' });
    expect(video.video).toMatch(/\.mp4$/);
    expect(await find(video._id)).toEqual(video);
  });

  it('refuses a JPEG or GIF image with the add screen wording (415)', async () => {
    for (const type of ['jpg', 'gif'] as const) {
      expect(await api.banners.add({ insertData: sale, image: sample(type) })).toMatchObject({
        status: false,
        httpStatus: 415,
        message: uploadMessages.pngOnly,
      });
    }
    expect(await api.banners.add({ insertData: sale, video: sample('png') })).toMatchObject({
      httpStatus: 415,
      message: uploadMessages.videoType,
    });
  });

  it.each([
    ['no name', { ...sale, name: '' }, { image: sample('png') }, fieldMessages.nameRequired],
    ['a bad link', { ...sale, url: 'diwali' }, { image: sample('png') }, fieldMessages.urlInvalid],
    ['no file', sale, {}, uploadMessages.missingImage],
    ['both files', sale, { image: sample('png'), video: sample('mp4') }, oneMediaMessage],
  ])('refuses an add with %s', async (_label, insertData, files, message) => {
    const before = (await api.banners.list()).data?.length;
    expect(await api.banners.add({ insertData, ...files })).toMatchObject({
      httpStatus: 400,
      message,
    });
    expect((await api.banners.list()).data?.length).toBe(before);
  });

  it('edits name and link and keeps the file when none is sent', async () => {
    const banner = await added();
    const answer = await api.banners.edit({
      _id: banner._id,
      insertData: { name: 'Holi sale', url: '', clickCount: 0 },
    });
    expect(answer).toMatchObject({ status: true, message: 'Banner updated successfully' });
    expect(answer.data).toEqual({ ...banner, name: 'Holi sale', url: '' });
  });

  it('replaces the image with a video: the old file is removed from disk and not served', async () => {
    const banner = await added();
    const answer = await api.banners.edit({ ...editOf(banner), video: sample('mp4') });
    expect(answer.data).toMatchObject({ image: '', name: banner.name });
    expect(await mediaState(server, banner.image)).toEqual([false, 404]);
    expect(await mediaState(server, answer.data?.video ?? '')).toEqual([true, 200]);
  });

  it('words a refused image on the update screen as the GIF-and-PNG message', async () => {
    const banner = await added();
    expect(await api.banners.edit({ ...editOf(banner), image: sample('gif') })).toMatchObject({
      httpStatus: 415,
      message: uploadMessages.gifOrPng,
    });
    expect(await find(banner._id)).toEqual(banner);
  });

  it('refuses an edit of an unknown id or with a negative click count', async () => {
    const banner = await added();
    expect(await api.banners.edit({ ...editOf(banner), _id: unknownId })).toMatchObject({
      httpStatus: 404,
      message: bannerNotFound,
    });
    const negative = editOf(banner);
    negative.insertData.clickCount = -1;
    expect(await api.banners.edit(negative)).toMatchObject({
      httpStatus: 400,
      message: fieldMessages.notNegative,
    });
  });

  it('shows tracked clicks; an edited click count is kept and new clicks add to it', async () => {
    const banner = await added();
    await track(server, 'banner', banner._id, { views: 30, clicks: 12 });
    expect((await find(banner._id))?.clickCount).toBe(12);
    const reset = editOf(banner);
    reset.insertData.clickCount = 2;
    expect((await api.banners.edit(reset)).data?.clickCount).toBe(2);
    await track(server, 'banner', banner._id, { views: 1, clicks: 1 });
    expect((await find(banner._id))?.clickCount).toBe(3);
  });

  it('switches a banner off and on by id', async () => {
    const banner = await added();
    expect(await api.banners.setStatus({ id: banner._id, status: false })).toMatchObject({
      status: true,
      data: { _id: banner._id, status: false },
    });
    expect((await find(banner._id))?.status).toBe(false);
    expect(await api.banners.setStatus({ id: unknownId, status: true })).toMatchObject({
      httpStatus: 404,
      message: bannerNotFound,
    });
  });

  it('lists newest first and searches names', async () => {
    const first = await added({ image: sample('png') }, { name: 'Search Alpha', url: '' });
    const second = await added({ image: sample('png') }, { name: 'search beta', url: '' });
    const found = (await api.banners.list({ q: 'SEARCH' })).data;
    expect(found?.map((banner) => banner._id)).toEqual([second._id, first._id]);
    expect((await api.banners.list({ q: 'search', page: 2, limit: 1 })).data).toEqual([first]);
  });

  it('finds by id; unknown ids answer 404', async () => {
    expect(await api.banners.find({ id: unknownId })).toMatchObject({
      status: false,
      httpStatus: 404,
      message: bannerNotFound,
    });
  });

  it('deletes several at once with their files and counters, all or none', async () => {
    const image = await added();
    const video = await added({ video: sample('mp4') });
    await track(server, 'banner', video._id, { views: 5, clicks: 1 });
    expect(await api.banners.remove({ id: [image._id, unknownId] })).toMatchObject({
      httpStatus: 404,
      message: bannerNotFound,
    });
    expect(await find(image._id)).toEqual(image);

    expect(await api.banners.remove({ id: [image._id, video._id] })).toMatchObject({
      status: true,
      httpStatus: 200,
    });
    expect(await mediaState(server, image.image)).toEqual([false, 404]);
    expect(await mediaState(server, video.video)).toEqual([false, 404]);
    expect(await api.banners.find({ id: video._id })).toMatchObject({ httpStatus: 404 });
    expect(await countRows(server, video._id)).toBe(0);
  });

  it('answers 401 without a token', async () => {
    expect(await clientFor(server).banners.list()).toMatchObject({ httpStatus: 401 });
  });
});
