import {
  trackBatchMax,
  trackingMessages,
  type TrackBatchInput,
  type TrackEvent,
} from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../ids.js';
import {
  clientFor,
  dialects,
  freshDatabase,
  startTestServer,
  testClock,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { RateLimited } from '../../http/errors.js';
import { eventIngestion, groupCommitSettings, ingestionMessages } from './ingestion.js';
import { trackingService } from './service.js';
import { insertTrackable, trackableItem, trackableItems } from './testing.js';

/** The address the in-process ingestion tests send from. */
const phone = '203.0.113.7';

const views = (id: string, count: number, kind: TrackEvent['kind'] = 'story'): TrackEvent[] =>
  Array.from({ length: count }, () => ({ kind, id, event: 'view' }));
const clicks = (id: string, count: number, kind: TrackEvent['kind'] = 'story'): TrackEvent[] =>
  Array.from({ length: count }, () => ({ kind, id, event: 'click' }));

describe.each(dialects)('tracking on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const app = () => clientFor(server).tracking;
  const db = () => server.app.dealdesk.context.db;
  const counters = () => trackingService(server.app.dealdesk.context);
  /** Moves the server's clock to an instant. */
  const setClock = (iso: string) =>
    server.clock.advance(Date.parse(iso) - server.clock.now().getTime());

  it('counts a batch with the API key alone, and answers how many it accepted', async () => {
    const [story, banner] = [
      await trackableItem(db(), 'story'),
      await trackableItem(db(), 'banner'),
    ];
    const answer = await app().track({
      events: [...views(story, 3), ...clicks(story, 1), ...clicks(banner, 2, 'banner')],
    });
    expect(answer).toMatchObject({ status: true, accepted: 6, rejected: [], httpStatus: 200 });
    expect(await counters().totalsOf([story, banner])).toEqual(
      new Map([
        [story, { views: 3, clicks: 1 }],
        [banner, { views: 0, clicks: 2 }],
      ]),
    );
  });

  it('counts every event of many requests sent at once, exactly', async () => {
    const ids = await trackableItems(db(), 'shortcut', 5);
    const requests = 40;
    const perRequest = 50;
    const answers = await Promise.all(
      Array.from({ length: requests }, (_, request) =>
        app().track({
          events: Array.from({ length: perRequest }, (_, n) => ({
            kind: 'shortcut',
            id: ids[(request + n) % ids.length] ?? '',
            event: n % 5 === 0 ? 'click' : 'view',
          })),
        }),
      ),
    );
    expect(answers.every((answer) => answer.status && answer.accepted === perRequest)).toBe(true);

    const totals = [...(await counters().totalsOf(ids)).values()];
    expect(totals.reduce((sum, total) => sum + total.views, 0)).toBe(
      (requests * perRequest * 4) / 5,
    );
    expect(totals.reduce((sum, total) => sum + total.clicks, 0)).toBe((requests * perRequest) / 5);
    // The per-day counters hold the same events as the totals.
    const daily = await counters().countsInRange('shortcut', '2000-01-01', '2999-12-31');
    expect(ids.map((id) => daily.get(id))).toEqual(totals);
  });

  it(`takes ${trackBatchMax} events in one request`, async () => {
    const id = await trackableItem(db(), 'story');
    const answer = await app().track({ events: views(id, trackBatchMax) });
    expect(answer).toMatchObject({ status: true, accepted: trackBatchMax });
    expect((await counters().totalsOf([id])).get(id)).toEqual({ views: trackBatchMax, clicks: 0 });
  });

  // A story of its own (made below), so that a refused batch would have counted something.
  const counted = newId();
  beforeAll(() => insertTrackable(db(), 'story', [counted]));
  it.each([
    ['no events', { events: [] }],
    ['too many events', { events: views(counted, trackBatchMax + 1) }],
    ['no list', {}],
  ])('refuses a batch with %s (400), counting none of it', async (_label, body) => {
    const answer = await app().track(body as TrackBatchInput);
    expect(answer).toMatchObject({
      status: false,
      httpStatus: 400,
      message: trackingMessages.batchSize,
    });
    expect((await counters().totalsOf([counted])).get(counted)).toEqual({ views: 0, clicks: 0 });
  });

  it('counts the good events of a batch with malformed ones, and names each bad one', async () => {
    const [story, banner] = [
      await trackableItem(db(), 'story'),
      await trackableItem(db(), 'banner'),
    ];
    const answer = await app().track({
      events: [
        ...views(story, 2),
        { kind: 'policy', id: story, event: 'view' },
        ...clicks(banner, 1, 'banner'),
        { kind: 'story', id: story, event: 'share' },
        { kind: 'story', id: 'ABC', event: 'view' },
        7,
        ...clicks(story, 1),
      ] as TrackBatchInput['events'],
    });
    expect(answer).toMatchObject({
      status: true,
      httpStatus: 200,
      accepted: 4,
      rejected: [
        { index: 2, field: 'kind', message: `Event 2 (kind): ${trackingMessages.kind}` },
        { index: 4, field: 'event', message: 'Event 4 (event): event must be view or click' },
        { index: 5, field: 'id', message: 'Event 5 (id): Invalid id' },
        { index: 6, field: '', message: `Event 6: ${trackingMessages.notAnEvent}` },
      ],
    });
    expect(await counters().totalsOf([story, banner])).toEqual(
      new Map([
        [story, { views: 2, clicks: 1 }],
        [banner, { views: 0, clicks: 1 }],
      ]),
    );
  });

  it("counts a story ad sent with home's kind 'ad' as a storyAd", async () => {
    const ad = await trackableItem(db(), 'storyAd');
    const answer = await app().track({
      events: [
        { kind: 'ad', id: ad, event: 'view' },
        { kind: 'storyAd', id: ad, event: 'click' },
      ],
    });
    expect(answer).toMatchObject({ status: true, accepted: 2, rejected: [] });
    expect(await counters().countsInRange('storyAd', '2000-01-01', '2999-12-31')).toEqual(
      new Map([[ad, { views: 1, clicks: 1 }]]),
    );
  });

  it('refuses a call without the API key or with a wrong one (403)', async () => {
    const events = views(await trackableItem(db(), 'story'), 1);
    const withKey = (apiKey: string) =>
      clientFor({ ...server, config: { ...server.config, apiKey } }).tracking.track({ events });
    expect(await withKey('')).toMatchObject({
      status: false,
      httpStatus: 403,
      message: 'API key is missing',
    });
    expect(await withKey('not-the-key')).toMatchObject({ status: false, httpStatus: 403 });
    const id = events[0]?.id ?? '';
    expect((await counters().totalsOf([id])).get(id)).toEqual({ views: 0, clicks: 0 });
  });

  it('refuses events beyond what may wait to be written (429), keeping the rest', async () => {
    const id = await trackableItem(db(), 'story');
    const ingestion = eventIngestion(server.app.dealdesk.context, {
      ...groupCommitSettings,
      maxPending: 10,
    });
    // Known first: with both looked up at once, either lookup could end first.
    await ingestion.record(views(id, 1), phone);
    const waiting = ingestion.record(views(id, 6), phone);
    await expect(ingestion.record(views(id, 5), phone)).rejects.toEqual(
      new RateLimited(ingestionMessages.busy, 1),
    );
    expect(await waiting).toEqual({ accepted: 6, rejected: [] });
    expect((await counters().totalsOf([id])).get(id)).toEqual({ views: 7, clicks: 0 });
  });

  /** Rows of the counters: what an attacker would try to grow. */
  const counterRows = async () => {
    const [daily, totals] = await Promise.all([
      db()
        .selectFrom('item_daily_counts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db()
        .selectFrom('item_totals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return Number(daily.n) + Number(totals.n);
  };

  it('counts only ids of items of that kind, and answers the others as rejected', async () => {
    const [story, banner] = [
      await trackableItem(db(), 'story'),
      await trackableItem(db(), 'banner'),
    ];
    const nothing = newId();
    const answer = await app().track({
      events: [
        ...views(story, 2),
        ...views(nothing, 3),
        // A banner's id sent as a story names no story.
        ...clicks(banner, 4, 'story'),
        ...clicks(banner, 1, 'banner'),
      ],
    });
    const noStory = (index: number) => ({
      index,
      field: 'id',
      message: `Event ${index} (id): No story has this id`,
    });
    expect(answer).toMatchObject({
      status: true,
      accepted: 3,
      rejected: [2, 3, 4, 5, 6, 7, 8].map(noStory),
    });
    expect(await counters().totalsOf([story, banner, nothing])).toEqual(
      new Map([
        [story, { views: 2, clicks: 0 }],
        [banner, { views: 0, clicks: 1 }],
        [nothing, { views: 0, clicks: 0 }],
      ]),
    );
  });

  it('stores nothing for a flood of ids of nothing: the counters do not grow', async () => {
    const before = await counterRows();
    for (let request = 0; request < 5; request += 1) {
      const events = Array.from({ length: trackBatchMax }, (_, n) => ({
        kind: 'product' as const,
        id: newId(),
        event: n % 2 === 0 ? ('view' as const) : ('click' as const),
      }));
      const answer = await app().track({ events });
      expect(answer).toMatchObject({ status: true, accepted: 0 });
      expect(answer.rejected).toHaveLength(trackBatchMax);
    }
    expect(await counterRows()).toBe(before);
  });

  it('counts an item made after its id was refused, once the content has changed', async () => {
    const id = newId();
    expect(await app().track({ events: views(id, 1) })).toMatchObject({
      rejected: [{ index: 0, field: 'id' }],
    });
    await insertTrackable(db(), 'story', [id]);
    await server.app.dealdesk.context.changes.refresh();
    expect(await app().track({ events: views(id, 1) })).toMatchObject({ accepted: 1 });
  });

  it('takes so many events per address and second, then 429 until the next second', async () => {
    const { context } = server.app.dealdesk;
    const ingestion = eventIngestion({
      ...context,
      config: { ...context.config, trackEventsPerAddress: 1_500 },
    });
    const id = await trackableItem(db(), 'story');
    setClock('2026-04-01T06:00:00.000Z');
    expect(await ingestion.record(views(id, 1_000), phone)).toEqual({
      accepted: 1_000,
      rejected: [],
    });
    await expect(ingestion.record(views(id, 501), phone)).rejects.toEqual(
      new RateLimited(ingestionMessages.addressBusy, 1),
    );
    // Another address has its own share, and the same one has a new share the next second.
    expect(await ingestion.record(views(id, 1_000), '198.51.100.9')).toMatchObject({
      accepted: 1_000,
    });
    server.clock.advance(1_000);
    expect(await ingestion.record(views(id, 1_000), phone)).toMatchObject({ accepted: 1_000 });
    expect((await counters().totalsOf([id])).get(id)).toEqual({ views: 3_000, clicks: 0 });
  });

  it('answers 429 with Retry-After past the share of an address, over HTTP', async () => {
    // Its clock stands still: the share is per second, which real time could end between sends.
    const small = await startTestServer(
      testConfig(database, { trackEventsPerAddress: 2 }),
      () => {},
      testClock(new Date('2026-04-01T06:00:00.000Z')),
    );
    try {
      const send = (events: TrackEvent[]) =>
        fetch(`${small.baseUrl}/api/App/track`, {
          method: 'POST',
          headers: { 'x-api-key': small.config.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ events }),
        });
      const id = await trackableItem(db(), 'story');
      expect((await send(views(id, 2))).status).toBe(200);
      const refused = await send(views(id, 1));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
    } finally {
      await small.close();
    }
  });

  it('counts an event by the business day it arrived on (Asia/Kolkata turns at 18:30Z)', async () => {
    const id = await trackableItem(db(), 'story');
    setClock('2026-02-10T18:29:59.000Z');
    await app().track({ events: views(id, 1) });
    setClock('2026-02-10T18:30:00.000Z');
    await app().track({ events: [...views(id, 2), ...clicks(id, 1)] });
    expect(
      await counters().itemDays(id, { startDate: '2026-02-01', endDate: '2026-02-28' }),
    ).toEqual([
      { day: '2026-02-10', views: 1, clicks: 0 },
      { day: '2026-02-11', views: 2, clicks: 1 },
    ]);
  });

  describe('the counters other modules read', () => {
    const [storyA, storyB, ad] = [newId(), newId(), newId()];

    beforeAll(async () => {
      await insertTrackable(db(), 'story', [storyA, storyB]);
      await insertTrackable(db(), 'webAd', [ad]);
      setClock('2026-03-01T06:00:00.000Z');
      await app().track({
        events: [...views(storyA, 4), ...clicks(storyA, 1), ...views(ad, 2, 'webAd')],
      });
      setClock('2026-03-02T06:00:00.000Z');
      await app().track({ events: [...views(storyA, 1), ...views(storyB, 3)] });
      setClock('2026-03-03T06:00:00.000Z');
      await app().track({ events: clicks(storyB, 2) });
    });

    it('totalsOf answers every id asked, zeros for one never counted', async () => {
      const unknown = newId();
      expect(await counters().totalsOf([storyA, unknown])).toEqual(
        new Map([
          [storyA, { views: 5, clicks: 1 }],
          [unknown, { views: 0, clicks: 0 }],
        ]),
      );
      expect(await counters().totalsOf([])).toEqual(new Map());
    });

    it('countsInRange sums the items of one kind over the days, both ends included', async () => {
      expect(await counters().countsInRange('story', '2026-03-02', '2026-03-03')).toEqual(
        new Map([
          [storyA, { views: 1, clicks: 0 }],
          [storyB, { views: 3, clicks: 2 }],
        ]),
      );
      expect(await counters().countsInRange('webAd', '2026-03-01', '2026-03-01')).toEqual(
        new Map([[ad, { views: 2, clicks: 0 }]]),
      );
      expect(await counters().countsInRange('webAd', '2026-03-02', '2026-03-31')).toEqual(
        new Map(),
      );
    });

    it('clearCounts of a range forgets those days and takes them off the totals', async () => {
      await counters().clearCounts([storyA, storyB], '2026-03-01', '2026-03-02');
      expect(await counters().totalsOf([storyA, storyB])).toEqual(
        new Map([
          [storyA, { views: 0, clicks: 0 }],
          [storyB, { views: 0, clicks: 2 }],
        ]),
      );
      expect(
        await counters().itemDays(storyB, { startDate: '2026-03-01', endDate: '2026-03-31' }),
      ).toEqual([{ day: '2026-03-03', views: 0, clicks: 2 }]);
      // Other items keep their counts.
      expect((await counters().totalsOf([ad])).get(ad)).toEqual({ views: 2, clicks: 0 });
    });

    it('clearCounts inside a caller transaction is undone with it', async () => {
      const { db } = server.app.dealdesk.context;
      const rolledBack = db.transaction().execute(async (trx) => {
        await trackingService(server.app.dealdesk.context, trx).clearCounts([ad]);
        throw new Error('the caller failed after clearing');
      });
      await expect(rolledBack).rejects.toThrow('the caller failed');
      expect((await counters().totalsOf([ad])).get(ad)).toEqual({ views: 2, clicks: 0 });
    });

    it('clearCounts without a range forgets everything of the items', async () => {
      await counters().clearCounts([ad]);
      expect((await counters().totalsOf([ad])).get(ad)).toEqual({ views: 0, clicks: 0 });
      expect(await counters().countsInRange('webAd', '2000-01-01', '2999-12-31')).toEqual(
        new Map(),
      );
    });
  });
});
