import {
  imageMaxBytes,
  shortcutMessages as fieldMessages,
  uploadMessages,
  type ApiClient,
  type ShortcutStory,
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
  notAnImage,
  sample,
  track,
  signedInClient,
  unknownId,
} from '../stories/testing.js';
import { shortcutNotFound } from './service.js';

describe.each(dialects)('shortcut stories on %s', (dialect) => {
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

  async function added(name: string, extra: { s_no?: number } = {}): Promise<ShortcutStory> {
    const answer = await api.shortcuts.add({
      name,
      url: 'https://brand.example/deals',
      image: sample('png'),
      ...extra,
    });
    if (answer.data === undefined) throw new Error(`add failed: ${answer.message}`);
    return answer.data;
  }

  const listed = async (q = '') => (await api.shortcuts.list({ q, limit: 100 })).data ?? [];

  it('starts empty, numbering from 1, with the storyBrand switch on', async () => {
    const answer = await api.shortcuts.list();
    expect(answer).toMatchObject({
      status: true,
      httpStatus: 200,
      data: [],
      next_s_no: 1,
      secondStoryBrand: true,
    });
  });

  it('adds a shortcut with a PNG or GIF logo, numbered after the last one', async () => {
    const first = await api.shortcuts.add({
      name: ' Myntra ',
      url: 'https://www.myntra.com',
      image: sample('png'),
    });
    expect(first).toMatchObject({ status: true, httpStatus: 200 });
    expect(first.data).toMatchObject({
      name: 'Myntra',
      url: 'https://www.myntra.com',
      status: true,
      clickCount: 0,
    });
    expect(first.data?.logo).toMatch(/^\/media\/[0-9a-f]+\.png$/);
    expect(await mediaState(server, first.data?.logo ?? '')).toEqual([true, 200]);

    const { next_s_no } = await api.shortcuts.list();
    const gif = await api.shortcuts.add({
      name: 'Ajio',
      url: 'https://www.ajio.com',
      image: sample('gif'),
    });
    expect(gif.data?.s_no).toBe(next_s_no);
    expect(gif.data?.logo).toMatch(/\.gif$/);
    expect((await api.shortcuts.list()).next_s_no).toBe((next_s_no ?? 0) + 1);
  });

  it('takes an order number when one is given', async () => {
    const numbered = await added('Numbered', { s_no: 40 });
    expect(numbered.s_no).toBe(40);
    expect((await api.shortcuts.list()).next_s_no).toBe(41);
  });

  it('refuses a logo that is not GIF or PNG by its bytes (415), and an oversize one (413)', async () => {
    const base = { name: 'Brand', url: 'https://brand.example' };
    expect(await api.shortcuts.add({ ...base, image: sample('jpg') })).toMatchObject({
      status: false,
      httpStatus: 415,
      message: uploadMessages.gifOrPng,
    });
    expect(await api.shortcuts.add({ ...base, image: notAnImage })).toMatchObject({
      httpStatus: 415,
      message: uploadMessages.gifOrPng,
    });
    expect(
      await api.shortcuts.add({ ...base, image: sample('png', imageMaxBytes + 1) }),
    ).toMatchObject({ httpStatus: 413, message: uploadMessages.imageSize });
    expect(
      (
        await api.shortcuts.add({
          ...base,
          name: 'Exactly 2 MB',
          image: sample('png', imageMaxBytes),
        })
      ).status,
    ).toBe(true);
  });

  const brand = { name: 'Brand', url: 'https://brand.example', image: sample('png') };
  it.each([
    ['no logo', { name: brand.name, url: brand.url }, uploadMessages.missingImage],
    ['no title', { ...brand, name: ' ' }, fieldMessages.titleRequired],
    ['a bad link', { ...brand, url: 'brand.example' }, fieldMessages.urlInvalid],
    ['a script link', { ...brand, url: 'javascript:alert(1)' }, fieldMessages.urlInvalid],
  ])('refuses an add with %s', async (_label, fields, message) => {
    const before = (await listed()).length;
    const answer = await api.shortcuts.add(fields as typeof brand);
    expect(answer).toMatchObject({ status: false, httpStatus: 400, message });
    expect(await listed()).toHaveLength(before);
  });

  it('lists in order-number order, pages, and searches names without regard to case', async () => {
    await added('Zeta Shoes', { s_no: 2 });
    await added('zeta bags', { s_no: 1 });
    await added('100% Deals');
    const zeta = await listed('ZETA');
    expect(zeta.map((shortcut) => shortcut.name)).toEqual(['zeta bags', 'Zeta Shoes']);
    expect((await listed('100%')).map((shortcut) => shortcut.name)).toEqual(['100% Deals']);
    // % and _ are matched literally.
    expect(await listed('_')).toEqual([]);

    const all = await listed();
    const numbers = all.map((shortcut) => shortcut.s_no);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const second = await api.shortcuts.list({ page: 2, limit: 1 });
    expect(second.data).toEqual([all[1]]);
  });

  it('edits the fields and keeps the logo when no new one is sent', async () => {
    const shortcut = await added('Before');
    const answer = await api.shortcuts.edit({
      _id: shortcut._id,
      name: 'After',
      url: 'https://after.example',
      s_no: 7,
      clickCount: 0,
    });
    expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    expect(answer.data).toEqual({
      ...shortcut,
      name: 'After',
      url: 'https://after.example',
      s_no: 7,
    });
  });

  it('replaces the logo: the old file is removed from disk and no longer served', async () => {
    const shortcut = await added('Logo swap');
    const answer = await api.shortcuts.edit({
      _id: shortcut._id,
      name: shortcut.name,
      url: shortcut.url,
      s_no: shortcut.s_no,
      clickCount: 0,
      image: sample('gif'),
    });
    expect(answer.data?.logo).toMatch(/\.gif$/);
    expect(await mediaState(server, shortcut.logo)).toEqual([false, 404]);
    expect(await mediaState(server, answer.data?.logo ?? '')).toEqual([true, 200]);
  });

  it('refuses an edit with negative numbers, a wrong file or an unknown id', async () => {
    const shortcut = await added('Checked');
    const edit = {
      _id: shortcut._id,
      name: shortcut.name,
      url: shortcut.url,
      s_no: shortcut.s_no,
      clickCount: 0,
    };
    for (const wrong of [{ s_no: -1 }, { clickCount: -3 }]) {
      expect(await api.shortcuts.edit({ ...edit, ...wrong })).toMatchObject({
        httpStatus: 400,
        message: fieldMessages.notNegative,
      });
    }
    expect(await api.shortcuts.edit({ ...edit, image: sample('mp4') })).toMatchObject({
      httpStatus: 415,
      message: uploadMessages.gifOrPng,
    });
    expect(await api.shortcuts.edit({ ...edit, _id: unknownId })).toMatchObject({
      httpStatus: 404,
      message: shortcutNotFound,
    });
    expect((await listed('Checked'))[0]).toEqual(shortcut);
  });

  it('shows tracked clicks; an edited click count is kept and new clicks add to it', async () => {
    const shortcut = await added('Clicked');
    const clickCountOf = async () =>
      (await listed('Clicked')).find((item) => item._id === shortcut._id)?.clickCount;
    const edit = {
      _id: shortcut._id,
      name: shortcut.name,
      url: shortcut.url,
      s_no: shortcut.s_no,
    };
    await track(server, 'shortcut', shortcut._id, { clicks: 5 });
    expect(await clickCountOf()).toBe(5);
    // Saving the number shown changes nothing: clicks tracked meanwhile still count.
    await api.shortcuts.edit({ ...edit, clickCount: 5 });
    await track(server, 'shortcut', shortcut._id, { clicks: 3 });
    expect(await clickCountOf()).toBe(8);
    // The admin resets it to 0; two more clicks make 2.
    expect((await api.shortcuts.edit({ ...edit, clickCount: 0 })).data?.clickCount).toBe(0);
    await track(server, 'shortcut', shortcut._id, { clicks: 2 });
    expect(await clickCountOf()).toBe(2);
  });

  it('switches a shortcut off and on', async () => {
    const shortcut = await added('Switch');
    const off = await api.shortcuts.setStatus({ _id: shortcut._id, status: false });
    expect(off).toMatchObject({ status: true, data: { _id: shortcut._id, status: false } });
    expect((await listed('Switch'))[0]?.status).toBe(false);
    expect(
      (await api.shortcuts.setStatus({ _id: shortcut._id, status: 'true' })).data?.status,
    ).toBe(true);
    expect(await api.shortcuts.setStatus({ _id: unknownId, status: true })).toMatchObject({
      httpStatus: 404,
      message: shortcutNotFound,
    });
    expect(await api.shortcuts.setStatus({ _id: 'not-an-id', status: true })).toMatchObject({
      httpStatus: 400,
      message: 'Invalid id',
    });
  });

  it('answers the storyBrand switch as secondStoryBrand', async () => {
    await api.controller.setSwitch({ name: 'storyBrand', status: false });
    expect((await api.shortcuts.list()).secondStoryBrand).toBe(false);
    await api.controller.setSwitch({ name: 'storyBrand', status: true });
    expect((await api.shortcuts.list()).secondStoryBrand).toBe(true);
  });

  it('deletes several at once with their logos and counters', async () => {
    const one = await added('Delete one');
    const two = await added('Delete two');
    await track(server, 'shortcut', one._id, { views: 1, clicks: 1 });
    const answer = await api.shortcuts.remove({ id: [one._id, two._id] });
    expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    expect(await listed('Delete')).toEqual([]);
    for (const shortcut of [one, two]) {
      expect(await mediaState(server, shortcut.logo)).toEqual([false, 404]);
    }
    expect(await countRows(server, one._id)).toBe(0);
  });

  it('deletes nothing when one id is unknown, and needs at least one id', async () => {
    const kept = await added('Kept');
    expect(await api.shortcuts.remove({ id: [kept._id, unknownId] })).toMatchObject({
      status: false,
      httpStatus: 404,
      message: shortcutNotFound,
    });
    expect(await listed('Kept')).toEqual([kept]);
    expect(await mediaState(server, kept.logo)).toEqual([true, 200]);
    expect(await api.shortcuts.remove({ id: [] })).toMatchObject({
      httpStatus: 400,
      message: 'Select at least one item',
    });
  });

  it('answers 401 without a token', async () => {
    expect(await clientFor(server).shortcuts.list()).toMatchObject({ httpStatus: 401 });
  });
});
