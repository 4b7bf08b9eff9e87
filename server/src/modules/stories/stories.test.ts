import {
  oneMediaMessage,
  thumbnailMessage,
  storyMessages as fieldMessages,
  uploadMessages,
  type ApiClient,
  type RunningStory,
  type StoryInsertData,
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
import { storyRuleMessages } from './service.js';
import {
  countRows,
  mediaFiles,
  mediaState,
  notAnImage,
  sample,
  track,
  signedInClient,
  unknownId,
} from './testing.js';

const noLimit = { maxviewLimit: 0, maxviewStatus: false, maxclickLimit: 0, maxclickStatus: false };
/** A story as the add form sends it (the client's type asks for every field). */
const shop: StoryInsertData = {
  storyTime: 8,
  btnName: 'Shop now',
  btnUrl: 'https://deals.example/s',
  NTV_ID: '',
  maxviewLimit: 0,
  maxclickLimit: 0,
};
/** What a form may leave out: the server applies the schema's defaults. */
const sparse = (fields: Partial<StoryInsertData>) => fields as StoryInsertData;

describe.each(dialects)('story videos and images on %s', (dialect) => {
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

  async function added(insertData: StoryInsertData = shop, file = sample('jpg')) {
    const media = file.type === 'video/mp4' ? { video: file } : { image: file };
    const answer = await api.stories.add({ insertData, ...media });
    if (answer.data === undefined) throw new Error(`add failed: ${answer.message}`);
    return answer.data;
  }

  const find = async (id: string) => (await api.stories.find({ id })).data;

  it('starts empty with the storyVideo switch on, and answers the switch as firstStoryVideo', async () => {
    expect(await api.stories.list()).toMatchObject({
      status: true,
      data: [],
      firstStoryVideo: true,
    });
    await api.controller.setSwitch({ name: 'storyVideo', status: false });
    expect((await api.stories.list()).firstStoryVideo).toBe(false);
    await api.controller.setSwitch({ name: 'storyVideo', status: true });
  });

  it('adds an image story: active, running, its own thumbnail, counts at 0', async () => {
    const answer = await api.stories.add({ insertData: shop, image: sample('jpg') });
    expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    const story = answer.data as RunningStory;
    expect(story).toMatchObject({
      status: true,
      running: true,
      view: 0,
      clickBtnCount: 0,
      video: '',
      storyTime: 8,
      adsStory: false,
      btnName: 'Shop now',
      btnUrl: 'https://deals.example/s',
      ...noLimit,
    });
    expect(story.image).toMatch(/^\/media\/[0-9a-f]+\.jpg$/);
    expect(story.thembnal).toBe(story.image);
    expect(await mediaState(server, story.image)).toEqual([true, 200]);
    expect(await find(story._id)).toEqual(story);
  });

  it('adds a video story without a thumbnail; story time defaults to 10', async () => {
    const story = await added(sparse({ btnUrl: 'https://deals.example/v' }), sample('mp4'));
    expect(story).toMatchObject({ image: '', thembnal: '', storyTime: 10, btnName: '' });
    expect(story.video).toMatch(/\.mp4$/);
    expect(await mediaState(server, story.video)).toEqual([true, 200]);
  });

  it('keeps the thumbnail a video comes with; a new one, a new video or a delete replaces or removes it', async () => {
    const answer = await api.stories.add({
      insertData: shop,
      video: sample('mp4'),
      thembnal: sample('png'),
    });
    const story = answer.data;
    if (story === undefined) throw new Error(answer.message);
    expect(story.thembnal).toMatch(/^\/media\/.+\.png$/);
    expect(story.image).toBe('');
    expect(await mediaState(server, story.thembnal)).toEqual([true, 200]);
    // A thumbnail alone replaces the video's.
    const edit = { _id: story._id, insertData: { ...shop, status: true } };
    const retaken = (await api.stories.edit({ ...edit, thembnal: sample('jpg') })).data;
    expect(retaken?.thembnal).toMatch(/\.jpg$/);
    expect(retaken?.video).toBe(story.video);
    expect(await mediaState(server, story.thembnal)).toEqual([false, 404]);
    // A new video without one leaves the story without a thumbnail.
    const revideoed = (await api.stories.edit({ ...edit, video: sample('mp4') })).data;
    expect(revideoed?.thembnal).toBe('');
    expect(await mediaState(server, retaken?.thembnal ?? '')).toEqual([false, 404]);
    const again = (await api.stories.edit({ ...edit, thembnal: sample('png') })).data;
    await api.stories.remove({ id: [story._id] });
    expect(await mediaState(server, again?.thembnal ?? '')).toEqual([false, 404]);
  });

  it('refuses a thumbnail with an image, or for a story that has no video', async () => {
    expect(
      await api.stories.add({ insertData: shop, image: sample('png'), thembnal: sample('png') }),
    ).toMatchObject({ status: false, message: thumbnailMessage, httpStatus: 400 });
    const image = await added();
    const before = await mediaFiles(server);
    expect(
      await api.stories.edit({
        _id: image._id,
        insertData: { ...shop, status: true },
        thembnal: sample('png'),
      }),
    ).toMatchObject({
      status: false,
      message: thumbnailMessage,
      field: 'thembnal',
      httpStatus: 400,
    });
    // The refused thumbnail was not kept.
    expect(await mediaFiles(server)).toEqual(before);
  });

  it('ignores the empty counterpart a form sends beside its file, as a file or as text', async () => {
    for (const empty of [{ name: '', type: '', data: new Uint8Array() }, '']) {
      const answer = await api.stories.add({
        insertData: shop,
        video: sample('mp4'),
        image: empty as UploadFile,
      });
      expect(answer).toMatchObject({ status: true, data: { image: '' } });
    }
  });

  it('refuses two files in one slot', async () => {
    const answer = await api.stories.add({
      insertData: shop,
      image: [sample('png'), sample('png')] as unknown as UploadFile,
    });
    expect(answer).toMatchObject({ httpStatus: 400, message: 'Send at most one file in image' });
  });

  it('refuses files of the wrong type by their bytes (415)', async () => {
    expect(await api.stories.add({ insertData: shop, image: sample('mp4') })).toMatchObject({
      status: false,
      httpStatus: 415,
      message: uploadMessages.imageType,
    });
    expect(await api.stories.add({ insertData: shop, image: notAnImage })).toMatchObject({
      httpStatus: 415,
      message: uploadMessages.imageType,
    });
    expect(await api.stories.add({ insertData: shop, video: sample('png') })).toMatchObject({
      httpStatus: 415,
      message: uploadMessages.videoType,
    });
  });

  it.each([
    ['no file', {}, uploadMessages.missingImage],
    ['both files', { image: sample('png'), video: sample('mp4') }, oneMediaMessage],
  ])('refuses an add with %s', async (_label, files, message) => {
    expect(await api.stories.add({ insertData: shop, ...files })).toMatchObject({
      httpStatus: 400,
      message,
    });
  });

  it.each([
    ['a bad button link', { ...shop, btnUrl: 'deals.example' }, fieldMessages.buttonUrl],
    ['a negative story time', { ...shop, storyTime: -1 }, fieldMessages.storyTime],
    ['a story ad flag', { ...shop, adsStory: true }, storyRuleMessages.notAStory],
  ])('refuses insertData with %s', async (_label, insertData, message) => {
    const before = (await api.stories.list()).data?.length;
    expect(await api.stories.add({ insertData, image: sample('png') })).toMatchObject({
      status: false,
      httpStatus: 400,
      message,
    });
    expect((await api.stories.list()).data?.length).toBe(before);
  });

  it('adds a story without a button link: only a link given must be valid', async () => {
    const story = await added(sparse({ storyTime: 5 }), sample('png'));
    expect(story).toMatchObject({ btnName: '', btnUrl: '', storyTime: 5 });
  });

  it('stores the None, View or Click limit as one type (Click wins when both are set)', async () => {
    const view = await added({ ...shop, maxviewLimit: 12, maxviewStatus: true });
    expect(view).toMatchObject({
      maxviewLimit: 12,
      maxviewStatus: true,
      maxclickLimit: 0,
      maxclickStatus: false,
    });
    const both = await added({
      ...shop,
      maxviewLimit: 12,
      maxviewStatus: true,
      maxclickLimit: 5,
      maxclickStatus: true,
    });
    expect(both).toMatchObject({
      maxviewLimit: 0,
      maxviewStatus: false,
      maxclickLimit: 5,
      maxclickStatus: true,
    });
  });

  it('stops running once its view limit is reached', async () => {
    const story = await added({ ...shop, maxviewLimit: 10, maxviewStatus: true });
    await track(server, 'story', story._id, { views: 9, clicks: 50 });
    expect(await find(story._id)).toMatchObject({ view: 9, clickBtnCount: 50, running: true });
    await track(server, 'story', story._id, { views: 1 });
    expect(await find(story._id)).toMatchObject({ view: 10, running: false, status: true });
    const listed = (await api.stories.list()).data?.find((item) => item._id === story._id);
    expect(listed?.running).toBe(false);
  });

  it('stops running once its click limit is reached; a None story never does', async () => {
    const clicks = await added({ ...shop, maxclickLimit: 3, maxclickStatus: true });
    const none = await added();
    for (const story of [clicks, none]) {
      await track(server, 'story', story._id, { views: 100, clicks: 2 });
    }
    expect((await find(clicks._id))?.running).toBe(true);
    for (const story of [clicks, none]) {
      await track(server, 'story', story._id, { clicks: 1 });
    }
    expect((await find(clicks._id))?.running).toBe(false);
    expect((await find(none._id))?.running).toBe(true);
  });

  it('switches a story off and on with plain JSON; an inactive story is not running', async () => {
    const story = await added();
    const off = await api.stories.setStatus({ _id: story._id, status: false });
    expect(off).toMatchObject({ status: true, data: { status: false, running: false } });
    expect((await api.stories.setStatus({ _id: story._id, status: true })).data).toMatchObject({
      status: true,
      running: true,
    });
    expect(await api.stories.setStatus({ _id: unknownId, status: true })).toMatchObject({
      httpStatus: 404,
      message: storyRuleMessages.storyNotFound,
    });
  });

  it('edits the fields, keeps the file and the counters', async () => {
    const story = await added();
    await track(server, 'story', story._id, { views: 7, clicks: 3 });
    const answer = await api.stories.edit({
      _id: story._id,
      insertData: {
        ...shop,
        storyTime: 15,
        btnName: 'Grab it',
        btnUrl: 'https://deals.example/new',
        status: false,
        maxclickLimit: 4,
        maxclickStatus: true,
      },
    });
    expect(answer).toMatchObject({ status: true, message: 'Story updated successfully!' });
    expect(answer.data).toEqual({
      ...story,
      storyTime: 15,
      btnName: 'Grab it',
      btnUrl: 'https://deals.example/new',
      status: false,
      running: false,
      view: 7,
      clickBtnCount: 3,
      maxclickLimit: 4,
      maxclickStatus: true,
    });
    expect(await find(story._id)).toEqual(answer.data);
  });

  it('turns an image story into a video story: the old image is removed', async () => {
    const story = await added();
    const answer = await api.stories.edit({
      _id: story._id,
      insertData: { ...shop, status: true },
      video: sample('mp4'),
    });
    expect(answer.data).toMatchObject({ image: '', thembnal: '' });
    expect(answer.data?.video).toMatch(/\.mp4$/);
    expect(await mediaState(server, story.image)).toEqual([false, 404]);
    expect(await mediaState(server, answer.data?.video ?? '')).toEqual([true, 200]);
  });

  it('refuses an edit of an unknown id, a wrong file, or one that makes the story an ad', async () => {
    const story = await added();
    const edit = { _id: story._id, insertData: { ...shop, status: true } };
    expect(await api.stories.edit({ ...edit, _id: unknownId })).toMatchObject({
      httpStatus: 404,
      message: storyRuleMessages.storyNotFound,
    });
    expect(await api.stories.edit({ ...edit, image: notAnImage })).toMatchObject({
      httpStatus: 415,
    });
    expect(
      await api.stories.edit({ ...edit, insertData: { ...edit.insertData, adsStory: true } }),
    ).toMatchObject({ httpStatus: 400, message: storyRuleMessages.notAStory });
    expect(await find(story._id)).toEqual(story);
    expect(await mediaState(server, story.image)).toEqual([true, 200]);
  });

  it('finds by id; an unknown or malformed id answers 404 or 400', async () => {
    expect(await api.stories.find({ id: unknownId })).toMatchObject({
      status: false,
      httpStatus: 404,
      message: storyRuleMessages.storyNotFound,
    });
    expect(await api.stories.find({ id: 'nope' })).toMatchObject({
      httpStatus: 400,
      message: 'Invalid id',
    });
  });

  it('lists newest first, page by page', async () => {
    const older = await added();
    const newer = await added();
    const firstPage = await api.stories.list({ page: 1, limit: 2 });
    expect(firstPage.data?.map((story) => story._id)).toEqual([newer._id, older._id]);
    const all = (await api.stories.list()).data ?? [];
    expect((await api.stories.list({ page: 2, limit: 1 })).data).toEqual([all[1]]);
  });

  it('deletes several at once with their files and counters', async () => {
    const image = await added();
    const video = await added(shop, sample('mp4'));
    await track(server, 'story', image._id, { views: 2, clicks: 1 });
    const answer = await api.stories.remove({ id: [image._id, video._id] });
    expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    for (const story of [image, video]) {
      expect(await api.stories.find({ id: story._id })).toMatchObject({ httpStatus: 404 });
    }
    expect(await mediaState(server, image.image)).toEqual([false, 404]);
    expect(await mediaState(server, video.video)).toEqual([false, 404]);
    expect(await countRows(server, image._id)).toBe(0);
  });

  it('deletes nothing when one id is unknown', async () => {
    const kept = await added();
    expect(await api.stories.remove({ id: [kept._id, unknownId] })).toMatchObject({
      httpStatus: 404,
      message: storyRuleMessages.storyNotFound,
    });
    expect(await find(kept._id)).toEqual(kept);
    expect(await mediaState(server, kept.image)).toEqual([true, 200]);
  });

  it('answers 401 without a token', async () => {
    expect(await clientFor(server).stories.list()).toMatchObject({ httpStatus: 401 });
  });
});
