import {
  endpoints,
  type Notification,
  notificationAnswers,
  notificationMessages,
  sendTimeInPastMessage,
  uploadMessages,
} from '@dealdesk/core';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFcm, type FakeFcm } from '../../adapters/push/fake-fcm.js';
import { defaultPushSettings, type PushSettings } from '../../config.js';
import { newId } from '../../ids.js';
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
import { interruptedDetail, notificationAnswers as answers } from './service.js';

type Api = Awaited<ReturnType<typeof signedInClient>>;

const hour = 3_600_000;
const diwali = {
  title: 'Diwali sale',
  message: 'Up to 70% off today',
  url: 'https://deals.example.com/diwali',
};

/** Waits until `check` passes (the poller works in the background). */
async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

const historyOf = async (api: Api): Promise<Notification[]> =>
  (await api.notifications.history()).data ?? [];

describe.each(dialects)('notifications on %s', (dialect) => {
  let database: TestDatabase;
  let fcm: FakeFcm;
  let secretsDir: string;
  let fcmSettings: PushSettings;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    fcm = await startFakeFcm();
    secretsDir = await mkdtemp(join(tmpdir(), 'dealdesk-fcm-'));
    fcmSettings = {
      ...defaultPushSettings,
      fcmServiceAccountFile: await fcm.writeAccountFile(secretsDir),
      fcmTokenUrl: fcm.tokenUrl,
      fcmSendUrl: fcm.sendUrl,
      pollMs: 25,
    };
  });
  afterAll(async () => {
    await fcm.close();
    await rm(secretsDir, { recursive: true, force: true });
    await database.drop();
  });

  describe('without FCM: the log provider', () => {
    let server: TestServer;
    let api: Api;
    beforeAll(async () => {
      server = await startTestServer(testConfig(database));
      api = await signedInClient(server);
    });
    afterAll(() => server.close());

    const outboxFiles = async () => {
      const dir = join(server.config.dataDir, 'push-outbox');
      const names = await readdir(dir).catch(() => []);
      return Promise.all(
        names
          .sort()
          .map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as unknown),
      );
    };

    it('sends at once and records the FCM message; the history shows the delivery', async () => {
      const before = (await outboxFiles()).length;
      const answer = await api.notifications.send(diwali);
      expect(answer).toMatchObject({
        status: true,
        message: endpoints.notifications.send.message,
        httpStatus: 200,
      });
      const files = await outboxFiles();
      expect(files).toHaveLength(before + 1);
      // No icon, and no public URL for one anyway.
      expect(files.at(-1)).toEqual({
        message: {
          topic: 'all',
          notification: { title: diwali.title, body: diwali.message },
          data: { url: diwali.url },
        },
      });
      const [latest] = await historyOf(api);
      expect(latest).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        n_title: diwali.title,
        n_message: diwali.message,
        n_url: diwali.url,
        n_icon: '',
        createdAt: expect.any(String),
        sendAt: null,
        delivery: {
          state: 'sent',
          detail: expect.stringMatching(/^recorded in .*push-outbox/),
          at: expect.any(String),
        },
      });
    });

    it('keeps the icon with the notification', async () => {
      await api.notifications.send({ ...diwali, url: '', image: sample('gif') });
      const [latest] = await historyOf(api);
      expect(latest).toMatchObject({
        n_url: '',
        n_icon: expect.stringMatching(/^\/media\/\w+\.gif$/),
      });
      expect(await mediaState(server, latest?.n_icon ?? '')).toEqual([true, 200]);
    });

    it.each([
      ['no title', { title: ' ' }, 400, notificationMessages.title],
      ['no message', { message: '' }, 400, notificationMessages.message],
      ['a link that is no URL', { url: 'deals.example.com' }, 400, notificationMessages.url],
      [
        'a send time without offset',
        { sendAt: '2026-03-01T10:00' },
        400,
        notificationMessages.sendAt,
      ],
      ['text posing as an icon', { image: notAnImage }, 415, uploadMessages.imageType],
      [
        'an icon over 2 MB',
        { image: sample('png', 2 * 1024 * 1024 + 1) },
        413,
        uploadMessages.imageSize,
      ],
    ])('refuses %s, storing and sending nothing', async (_label, change, httpStatus, message) => {
      const [history, files] = [(await historyOf(api)).length, (await outboxFiles()).length];
      expect(await api.notifications.send({ ...diwali, ...change })).toEqual({
        status: false,
        message,
        httpStatus,
      });
      expect((await historyOf(api)).length).toBe(history);
      expect((await outboxFiles()).length).toBe(files);
    });

    it('resends with the stored icon, as a new history entry', async () => {
      await api.notifications.send({ ...diwali, title: 'With icon', image: sample('png') });
      const [original] = await historyOf(api);
      const fileName = basename(original?.n_icon ?? '');
      const answer = await api.notifications.resend({ ...diwali, title: 'Again', fileName });
      expect(answer).toMatchObject({
        status: true,
        message: endpoints.notifications.send.message,
        httpStatus: 200,
      });
      const [again] = await historyOf(api);
      expect(again).toMatchObject({
        n_title: 'Again',
        n_icon: original?.n_icon,
        delivery: { state: 'sent' },
      });
      expect(again?._id).not.toBe(original?._id);

      // The history's own icon value, as the screen passes it on.
      const fromHistory = await api.notifications.resend({
        ...diwali,
        title: 'From history',
        fileName: original?.n_icon ?? '',
      });
      expect(fromHistory).toMatchObject({ status: true, httpStatus: 200 });
      expect((await historyOf(api))[0]?.n_icon).toBe(original?.n_icon);

      expect(await api.notifications.resend({ ...diwali, fileName: '' })).toMatchObject({
        status: true,
      });
      expect((await historyOf(api))[0]?.n_icon).toBe('');
    });

    it('refuses a send time in the past and stores nothing, icon included', async () => {
      const history = (await historyOf(api)).length;
      const media = await readdir(join(server.config.dataDir, 'media')).catch(() => []);
      const answer = await api.notifications.send({
        ...diwali,
        sendAt: '2020-01-01T00:00:00Z',
        image: sample('png'),
      });
      expect(answer).toEqual({ status: false, message: sendTimeInPastMessage, httpStatus: 400 });
      expect((await historyOf(api)).length).toBe(history);
      expect(await readdir(join(server.config.dataDir, 'media')).catch(() => [])).toEqual(media);
      // Two minutes ago by the server's clock is past too; 30 seconds ago still means now.
      const ago = (ms: number) => new Date(server.clock.now().getTime() - ms).toISOString();
      expect(await api.notifications.send({ ...diwali, sendAt: ago(120_000) })).toMatchObject({
        httpStatus: 400,
      });
      expect(await api.notifications.send({ ...diwali, sendAt: ago(30_000) })).toMatchObject({
        status: true,
        message: endpoints.notifications.send.message,
      });
    });

    it('resends only icons of notifications', async () => {
      expect(await api.notifications.resend({ ...diwali, fileName: 'someone-elses.png' })).toEqual({
        status: false,
        message: answers.iconNotFound,
        httpStatus: 404,
      });
      expect(await api.notifications.resend({ ...diwali, fileName: '../dev-keys.json' })).toEqual({
        status: false,
        message: notificationMessages.fileName,
        httpStatus: 400,
      });
    });

    it('deletes a list, all or nothing; an icon goes with its last notification', async () => {
      await api.notifications.send({ ...diwali, title: 'Shared icon', image: sample('png') });
      const [first] = await historyOf(api);
      const icon = first?.n_icon ?? '';
      await api.notifications.resend({ ...diwali, fileName: basename(icon) });
      const [second] = await historyOf(api);
      const ids = (notifications: Notification[]) => notifications.map((n) => n._id);

      expect(await api.notifications.remove({ id: [first?._id ?? '', unknownId] })).toEqual({
        status: false,
        message: answers.notFound,
        httpStatus: 404,
      });
      expect(ids(await historyOf(api))).toContain(first?._id);

      expect(await api.notifications.remove({ id: [first?._id ?? ''] })).toEqual({
        status: true,
        message: endpoints.notifications.remove.message,
        httpStatus: 200,
      });
      expect(ids(await historyOf(api))).not.toContain(first?._id);
      expect(await mediaState(server, icon)).toEqual([true, 200]);

      await api.notifications.remove({ id: [second?._id ?? ''] });
      expect(await mediaState(server, icon)).toEqual([false, 404]);
      expect(await api.notifications.remove({ id: [] })).toMatchObject({ httpStatus: 400 });
    });

    it('needs a signed-in admin', async () => {
      expect(await clientFor(server).notifications.history()).toMatchObject({ httpStatus: 401 });
    });
  });

  describe('the history, a page at a time', () => {
    let paged: TestDatabase;
    let server: TestServer;
    let api: Api;
    const count = 55;
    const titles = (rows: Notification[] | undefined) => rows?.map((row) => row.n_title);
    /** 'Deal 55' down to 'Deal 1'. */
    const deals = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, index) => `Deal ${from - index}`);

    beforeAll(async () => {
      paged = await freshDatabase(dialect);
      server = await startTestServer(testConfig(paged));
      api = await signedInClient(server);
      for (let deal = 1; deal <= count; deal += 1) {
        const message = deal % 10 === 0 ? `Round ${deal}: half price` : `Offer number ${deal}`;
        const sent = await api.notifications.send({ title: `Deal ${deal}`, message, url: '' });
        expect(sent.status).toBe(true);
      }
    });
    afterAll(async () => {
      await server.close();
      await paged.drop();
    });

    it('answers the newest 50 in data by default, with how many there are in all', async () => {
      const answer = await api.notifications.history();
      expect(answer).toMatchObject({ status: true, httpStatus: 200, totalRecord: count });
      expect(titles(answer.data)).toEqual(deals(55, 6));
    });

    it('pages newest first with page and limit; past the last page is empty', async () => {
      const third = await api.notifications.history({ page: 3, limit: 20 });
      expect(titles(third.data)).toEqual(deals(15, 1));
      expect(third.totalRecord).toBe(count);
      const second = await api.notifications.history({ page: 2, limit: 20 });
      expect(titles(second.data)).toEqual(deals(35, 16));
      expect(await api.notifications.history({ page: 4, limit: 20 })).toMatchObject({
        data: [],
        totalRecord: count,
      });
    });

    it('searches the title and the message, whatever the case', async () => {
      const found = await api.notifications.history({ q: 'HALF PRICE', limit: 2 });
      expect(titles(found.data)).toEqual(['Deal 50', 'Deal 40']);
      expect(found.totalRecord).toBe(5);
      expect((await api.notifications.history({ q: 'deal 5' })).totalRecord).toBe(7);
      expect((await api.notifications.history({ q: '%' })).totalRecord).toBe(0);
    });

    it('refuses a page below 1 and a limit beyond 1,000', async () => {
      expect(await api.notifications.history({ page: 0 })).toMatchObject({
        status: false,
        httpStatus: 400,
        message: 'page must be a whole number, 1 or more',
      });
      expect(await api.notifications.history({ limit: 1001 })).toMatchObject({
        status: false,
        httpStatus: 400,
        message: 'limit must be a whole number from 1 to 1000',
      });
    });
  });

  describe('through FCM', () => {
    let server: TestServer;
    let api: Api;
    beforeAll(async () => {
      server = await startTestServer(
        testConfig(database, { push: fcmSettings, publicUrl: 'https://deals.example.com' }),
      );
      api = await signedInClient(server);
    });
    afterAll(() => server.close());

    it('sends to the topic with the icon as an absolute address', async () => {
      await api.notifications.send({ ...diwali, image: sample('png') });
      const [latest] = await historyOf(api);
      expect(fcm.messages.at(-1)?.body).toEqual({
        message: {
          topic: 'all',
          notification: {
            title: diwali.title,
            body: diwali.message,
            image: `https://deals.example.com${latest?.n_icon ?? ''}`,
          },
          data: { url: diwali.url },
        },
      });
      expect(latest?.delivery).toEqual({
        state: 'sent',
        detail: `projects/dealdesk-test/messages/${fcm.messages.length}`,
        at: expect.any(String),
      });
    });

    it("answers 502 with FCM's reason when it refuses, and shows the failure in the history", async () => {
      fcm.scriptSends({
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'Invalid value at message.notification.image',
            status: 'INVALID_ARGUMENT',
            details: [
              {
                '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
                errorCode: 'INVALID_ARGUMENT',
              },
            ],
          },
        },
      });
      const reason = 'INVALID_ARGUMENT: Invalid value at message.notification.image';
      expect(await api.notifications.send({ ...diwali, title: 'Refused' })).toEqual({
        status: false,
        message: answers.notSent(reason),
        httpStatus: 502,
      });
      const [latest] = await historyOf(api);
      expect(latest).toMatchObject({
        n_title: 'Refused',
        delivery: { state: 'failed', detail: reason },
      });
    });
  });

  describe('scheduled sending', () => {
    /** Instances on the shared database, each with its own clock, moved together. */
    const servers: TestServer[] = [];
    const start = async () => {
      const server = await startTestServer(
        testConfig(database, { push: fcmSettings, publicUrl: 'https://deals.example.com' }),
      );
      const lead = servers[0];
      if (lead !== undefined)
        server.clock.advance(lead.clock.now().getTime() - server.clock.now().getTime());
      servers.push(server);
      return server;
    };
    const advanceAll = (ms: number) => {
      for (const server of servers) server.clock.advance(ms);
    };
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.close()));
    });

    it('keeps a notification for later, then one of two instances sends it once', async () => {
      const first = await start();
      await start();
      const api = await signedInClient(first);
      const sentBefore = fcm.messages.length;
      const sendAt = new Date(first.clock.now().getTime() + hour).toISOString();
      const titles = [
        'Flash sale 1',
        'Flash sale 2',
        'Flash sale 3',
        'Flash sale 4',
        'Flash sale 5',
      ];
      for (const title of titles) {
        expect(await api.notifications.send({ ...diwali, title, sendAt })).toMatchObject({
          status: true,
          message: notificationAnswers.scheduled,
          httpStatus: 200,
        });
      }
      const scheduled = (await historyOf(api)).filter((n) => titles.includes(n.n_title));
      expect(scheduled.map((n) => [n.sendAt, n.delivery.state])).toEqual(
        titles.map(() => [sendAt, 'scheduled']),
      );

      // Both instances poll every 25 ms; nothing is due yet.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(fcm.messages.length).toBe(sentBefore);

      advanceAll(hour + 1_000);
      await eventually(async () => {
        const states = (await historyOf(api))
          .filter((n) => titles.includes(n.n_title))
          .map((n) => n.delivery.state);
        expect(states).toEqual(titles.map(() => 'sent'));
      });
      // Give a second instance every chance to send again.
      await new Promise((resolve) => setTimeout(resolve, 150));
      const sent = fcm.messages
        .slice(sentBefore)
        .map(
          (m) =>
            (m.body as { message: { notification: { title: string } } }).message.notification.title,
        );
      expect(sent.sort()).toEqual(titles);
    });

    it('survives a restart: an instance started later sends what was scheduled before', async () => {
      const [first] = servers;
      if (first === undefined) throw new Error('no instance');
      const api = await signedInClient(first);
      const sendAt = new Date(first.clock.now().getTime() + 2 * hour).toISOString();
      await api.notifications.send({ ...diwali, title: 'After restart', sendAt });
      for (const server of servers.splice(0)) await server.close();

      const later = await start();
      later.clock.advance(3 * hour);
      const laterApi = await signedInClient(later);
      await eventually(async () => {
        const entry = (await historyOf(laterApi)).find((n) => n.n_title === 'After restart');
        expect(entry?.delivery.state).toBe('sent');
      });
    });

    it('gives up on a send cut off by a crash instead of sending it twice', async () => {
      const server = servers[0] ?? (await start());
      const api = await signedInClient(server);
      const id = newId();
      const claimedAt = new Date(server.clock.now().getTime() - hour).toISOString();
      await server.app.dealdesk.context.db
        .insertInto('notifications')
        .values({
          id,
          n_title: 'Crashed',
          n_message: 'm',
          n_url: '',
          n_icon: '',
          created_at: claimedAt,
          send_at: claimedAt,
          state: 'sending',
          detail: 'Sending',
          claimed_at: claimedAt,
          delivered_at: null,
        })
        .execute();
      const sentBefore = fcm.sendRequests.length;
      await eventually(async () => {
        const entry = (await historyOf(api)).find((n) => n._id === id);
        expect(entry?.delivery).toMatchObject({ state: 'failed', detail: interruptedDetail });
      });
      expect(fcm.sendRequests.length).toBe(sentBefore);
    });
  });
});
