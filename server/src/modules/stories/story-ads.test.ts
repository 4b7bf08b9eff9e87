import {
  storyMessages as fieldMessages,
  uploadMessages,
  type ApiClient,
  type StoryInsertData,
} from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { storyRuleMessages } from './service.js';
import { countRows, mediaState, sample, track, signedInClient, unknownId } from './testing.js';

/** An image or video story ad as the add form sends it. */
/** Fields left out take their defaults on the server. */
const sparse = (fields: Partial<StoryInsertData>) => fields as StoryInsertData;

const fileAd: StoryInsertData = {
  adsStory: true,
  storyTime: 10,
  btnName: 'Buy',
  btnUrl: 'https://shop.example/offer',
  NTV_ID: '',
  maxviewLimit: 0,
  maxclickLimit: 0,
};
/** A native ad story: the ad unit instead of a file. */
const nativeAd: StoryInsertData = {
  ...fileAd,
  NTV: true,
  NTV_ID: 'ca-app-pub-3940256099942544/2247696110',
  btnName: '',
  btnUrl: '',
};

describe.each(dialects)('story ads on %s', (dialect) => {
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

  async function added(insertData: StoryInsertData, files = {}) {
    const answer = await api.storyAds.add({ insertData, ...files });
    if (answer.data === undefined) throw new Error(`add failed: ${answer.message}`);
    return answer.data;
  }
  const find = async (id: string) => (await api.storyAds.find({ id })).data;
  const edited = (ad: { _id: string }, insertData: Partial<StoryInsertData>) =>
    api.storyAds.edit({
      _id: ad._id,
      insertData: { ...fileAd, status: true, ...insertData },
    });

  it('adds an image ad through its own call; web_Url carries the button link', async () => {
    const answer = await api.storyAds.add({ insertData: fileAd, image: sample('png') });
    expect(answer).toMatchObject({ status: true, message: 'Story ad added successfully' });
    expect(answer.data).toMatchObject({
      adsStory: true,
      NTV: false,
      NTV_ID: '',
      web_Url: 'https://shop.example/offer',
      btnName: 'Buy',
      status: true,
      running: true,
      video: '',
    });
    expect(answer.data?.image).toMatch(/\.png$/);
  });

  it('adds a native ad story without a file', async () => {
    const ad = await added(nativeAd);
    expect(ad).toMatchObject({ NTV: true, NTV_ID: nativeAd.NTV_ID, image: '', video: '' });
    expect(await find(ad._id)).toEqual(ad);
  });

  it.each([
    [
      'no button text',
      { ...fileAd, btnName: '' },
      { image: sample('png') },
      fieldMessages.buttonText,
    ],
    [
      'no button link',
      { ...fileAd, btnUrl: '' },
      { image: sample('png') },
      fieldMessages.buttonUrl,
    ],
    ['no file', fileAd, {}, uploadMessages.missingImage],
    ['a native ad without its id', { ...nativeAd, NTV_ID: ' ' }, {}, fieldMessages.nativeAdId],
    [
      'a native ad with a file',
      nativeAd,
      { image: sample('png') },
      fieldMessages.nativeTakesNoFile,
    ],
    [
      'adsStory false',
      { ...fileAd, adsStory: false },
      { image: sample('png') },
      storyRuleMessages.notAnAd,
    ],
  ])('refuses an add with %s', async (_label, insertData, files, message) => {
    expect(await api.storyAds.add({ insertData, ...files })).toMatchObject({
      status: false,
      httpStatus: 400,
      message,
    });
  });

  it('refuses an mp4 in the image slot (415)', async () => {
    expect(await api.storyAds.add({ insertData: fileAd, image: sample('mp4') })).toMatchObject({
      httpStatus: 415,
      message: uploadMessages.imageType,
    });
  });

  it('keeps ads and stories apart: each list, find, switch and delete sees its own', async () => {
    const ad = await added(fileAd, { video: sample('mp4') });
    const story = (
      await api.stories.add({
        insertData: { ...fileAd, adsStory: false },
        image: sample('jpg'),
      })
    ).data;
    if (story === undefined) throw new Error('story add failed');

    const ads = (await api.storyAds.list()).data ?? [];
    expect(ads.map((item) => item._id)).toContain(ad._id);
    expect(ads.every((item) => item.adsStory)).toBe(true);
    expect((await api.stories.list()).data?.map((item) => item._id)).toEqual([story._id]);
    expect(await api.storyAds.list()).not.toHaveProperty('firstStoryVideo');

    expect(await api.storyAds.find({ id: story._id })).toMatchObject({
      httpStatus: 404,
      message: storyRuleMessages.storyAdNotFound,
    });
    expect(await api.stories.find({ id: ad._id })).toMatchObject({ httpStatus: 404 });
    expect(await api.storyAds.setStatus({ _id: story._id, status: false })).toMatchObject({
      httpStatus: 404,
    });
    expect(await api.storyAds.remove({ id: [story._id] })).toMatchObject({ httpStatus: 404 });
    expect(await api.stories.remove({ id: [ad._id] })).toMatchObject({ httpStatus: 404 });
    expect((await api.stories.find({ id: story._id })).data).toEqual(story);
  });

  it('edits an ad through the story edit call, its views and clicks included', async () => {
    const ad = await added(fileAd, { image: sample('png') });
    await track(server, 'storyAd', ad._id, { views: 4, clicks: 2 });
    const edit = (changes: object) =>
      api.storyAds.edit({
        _id: ad._id,
        insertData: { ...fileAd, btnName: 'Order', status: true, ...changes },
      });
    const answer = await edit({
      view: 100,
      clickBtnCount: 50,
      maxviewLimit: 105,
      maxviewStatus: true,
    });
    expect(answer.data).toMatchObject({
      btnName: 'Order',
      view: 100,
      clickBtnCount: 50,
      maxviewLimit: 105,
      running: true,
      image: ad.image,
    });
    // Tracking adds on top of the edited numbers; five more views reach the limit.
    await track(server, 'storyAd', ad._id, { views: 5, clicks: 1 });
    expect(await find(ad._id)).toMatchObject({ running: false, view: 105, clickBtnCount: 51 });
    // Sent back unchanged, the counts tracked meanwhile stay; a reset to 0 runs the ad again.
    expect(
      (await edit({ view: 105, clickBtnCount: 51, maxviewLimit: 105, maxviewStatus: true })).data,
    ).toMatchObject({ view: 105, clickBtnCount: 51, running: false });
    expect((await edit({ view: 0, maxviewLimit: 105, maxviewStatus: true })).data).toMatchObject({
      view: 0,
      clickBtnCount: 51,
      running: true,
    });
    expect(await edit({ view: -1 })).toMatchObject({ httpStatus: 400, status: false });
  });

  it('keeps a story video’s counters whatever counts are sent (they are read-only there)', async () => {
    const story = (
      await api.stories.add({ insertData: sparse({ storyTime: 5 }), image: sample('png') })
    ).data;
    await track(server, 'story', story?._id ?? '', { views: 3 });
    const edited = await api.stories.edit({
      _id: story?._id ?? '',
      insertData: { ...sparse({ storyTime: 5 }), status: true, view: 99 },
    });
    expect(edited.data).toMatchObject({ view: 3 });
  });

  it('changes the ad unit of a native story, but never its type', async () => {
    const native = await added(nativeAd);
    const changed = await edited(native, { ...nativeAd, NTV_ID: 'ca-app-pub-1/2' });
    expect(changed.data).toMatchObject({ NTV: true, NTV_ID: 'ca-app-pub-1/2' });

    expect(await edited(native, { NTV: false })).toMatchObject({
      httpStatus: 400,
      message: storyRuleMessages.nativeType,
    });
    const image = await added(fileAd, { image: sample('png') });
    expect(await edited(image, nativeAd)).toMatchObject({
      httpStatus: 400,
      message: storyRuleMessages.nativeType,
    });
    expect(await edited(native, { ...nativeAd, adsStory: false })).toMatchObject({
      httpStatus: 400,
    });
    expect(await find(native._id)).toMatchObject({ NTV: true, NTV_ID: 'ca-app-pub-1/2' });
  });

  it('swaps an image ad for a video ad; the old file is removed', async () => {
    const ad = await added(fileAd, { image: sample('jpg') });
    const answer = await api.storyAds.edit({
      _id: ad._id,
      insertData: { ...fileAd, status: true },
      video: sample('mp4'),
    });
    expect(answer.data).toMatchObject({ image: '' });
    expect(await mediaState(server, ad.image)).toEqual([false, 404]);
  });

  it('switches an ad with plain JSON', async () => {
    const ad = await added(nativeAd);
    expect(await api.storyAds.setStatus({ _id: ad._id, status: false })).toMatchObject({
      status: true,
      data: { status: false, running: false },
    });
    expect(await api.storyAds.setStatus({ _id: unknownId, status: false })).toMatchObject({
      httpStatus: 404,
      message: storyRuleMessages.storyAdNotFound,
    });
  });

  it('deletes ads with their files and counters, all or none', async () => {
    const video = await added(fileAd, { video: sample('mp4') });
    const native = await added(nativeAd);
    await track(server, 'storyAd', native._id, { views: 3, clicks: 0 });
    expect(await api.storyAds.remove({ id: [video._id, unknownId] })).toMatchObject({
      httpStatus: 404,
      message: storyRuleMessages.storyAdNotFound,
    });
    expect(await mediaState(server, video.video)).toEqual([true, 200]);

    expect(await api.storyAds.remove({ id: [video._id, native._id] })).toMatchObject({
      status: true,
      httpStatus: 200,
    });
    expect(await mediaState(server, video.video)).toEqual([false, 404]);
    expect(await api.storyAds.find({ id: native._id })).toMatchObject({ httpStatus: 404 });
    expect(await countRows(server, native._id)).toBe(0);
  });
});
