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
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { HttpError } from '../../http/errors.js';
import { eventIngestion, groupCommitSettings, ingestionMessages } from './ingestion.js';
import { trackingService } from './service.js';

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
  const counters = () => trackingService(server.app.dealdesk.context);
  /** Moves the server's clock to an instant. */
  const setClock = (iso: string) =>
    server.clock.advance(Date.parse(iso) - server.clock.now().getTime());

  it('counts a batch with the API key alone, and answers how many it accepted', async () => {
    const [story, banner] = [newId(), newId()];
    const answer = await app().track({
      events: [...views(story, 3), ...clicks(story, 1), ...clicks(banner, 2, 'banner')],
    });
    expect(answer).toMatchObject({ status: true, accepted: 6, httpStatus: 200 });
    expect(await counters().totalsOf([story, banner])).toEqual(
      new Map([
        [story, { views: 3, clicks: 1 }],
        [banner, { views: 0, clicks: 2 }],
      ]),
    );
  });

  it('counts every event of many requests sent at once, exactly', async () => {
    const ids = Array.from({ length: 5 }, () => newId());
    const requests = 40;
    const perRequest = 50;
    const answers = await Promise.all(
      Array.from({ length: requests }, (_, request) =>
        app().track({
          events: Array.from({ length: perRequest }, (_, n) => ({
            kind: 'product',
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
    const daily = await counters().countsInRange('product', '2000-01-01', '2999-12-31');
    expect(ids.map((id) => daily.get(id))).toEqual(totals);
  });

  it(`takes ${trackBatchMax} events in one request`, async () => {
    const id = newId();
    const answer = await app().track({ events: views(id, trackBatchMax) });
    expect(answer).toMatchObject({ status: true, accepted: trackBatchMax });
    expect((await counters().totalsOf([id])).get(id)).toEqual({ views: trackBatchMax, clicks: 0 });
  });

  const counted = newId();
  const alsoSent = views(counted, 1);
  it.each([
    ['no events', { events: [] }, trackingMessages.batchSize],
    ['too many events', { events: views(counted, trackBatchMax + 1) }, trackingMessages.batchSize],
    ['no list', {}, trackingMessages.batchSize],
    [
      'an unknown kind',
      { events: [...alsoSent, { kind: 'policy', id: counted, event: 'view' }] },
      trackingMessages.kind,
    ],
    [
      'an unknown event',
      { events: [...alsoSent, { kind: 'story', id: counted, event: 'share' }] },
      trackingMessages.event,
    ],
    [
      'a malformed id',
      { events: [...alsoSent, { kind: 'story', id: 'ABC', event: 'view' }] },
      'Invalid id',
    ],
  ])('refuses a batch with %s (400), counting none of it', async (_label, body, message) => {
    const answer = await app().track(body as TrackBatchInput);
    expect(answer).toMatchObject({ status: false, httpStatus: 400, message });
    expect((await counters().totalsOf([counted])).get(counted)).toEqual({ views: 0, clicks: 0 });
  });

  it('refuses a call without the API key or with a wrong one (403)', async () => {
    const events = views(newId(), 1);
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
    const id = newId();
    const ingestion = eventIngestion(server.app.dealdesk.context, {
      ...groupCommitSettings,
      maxPending: 10,
    });
    const waiting = ingestion.record(views(id, 6));
    await expect(ingestion.record(views(id, 5))).rejects.toEqual(
      new HttpError(429, ingestionMessages.busy),
    );
    expect(await waiting).toBe(6);
    expect((await counters().totalsOf([id])).get(id)).toEqual({ views: 6, clicks: 0 });
  });

  it('counts an event by the business day it arrived on (Asia/Kolkata turns at 18:30Z)', async () => {
    const id = newId();
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
