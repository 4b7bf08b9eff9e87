import { adMessages, buildDailySeries, trackingMessages, type TrackEvent } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../ids.js';
import { insertTrackable } from '../tracking/testing.js';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';

const events = (id: string, event: TrackEvent['event'], count: number): TrackEvent[] =>
  Array.from({ length: count }, () => ({ kind: 'banner', id, event }));

describe.each(dialects)('per-item dashboard on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    token = await signIn(server, await createTestAdmin(server));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const dashboard = (id: string, startDate: string, endDate: string) =>
    clientFor(server, () => token).dashboard.viewsDashboard({ id, startDate, endDate });
  /** Sends events as if they arrived at this instant. */
  const trackAt = async (iso: string, batch: TrackEvent[]) => {
    server.clock.advance(Date.parse(iso) - server.clock.now().getTime());
    const answer = await clientFor(server).tracking.track({ events: batch });
    expect(answer).toMatchObject({ status: true, rejected: [] });
  };

  const banner = newId();
  beforeAll(async () => {
    await insertTrackable(server.app.dealdesk.context.db, 'banner', [banner]);
    // 18:29:59Z is still 10 February in Asia/Kolkata; 18:30:00Z is already the 11th.
    await trackAt('2026-02-10T18:29:59.000Z', [
      ...events(banner, 'view', 2),
      ...events(banner, 'click', 1),
    ]);
    await trackAt('2026-02-10T18:30:00.000Z', events(banner, 'view', 5));
    await trackAt('2026-02-14T09:00:00.000Z', events(banner, 'click', 3));
  });

  it('answers a record per business day, dated at that day start, and the sums', async () => {
    const answer = await dashboard(banner, '2026-02-01', '2026-02-28');
    expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    expect(answer.views_data).toEqual([
      { createdAt: '2026-02-09T18:30:00.000Z', count: 2 },
      { createdAt: '2026-02-10T18:30:00.000Z', count: 5 },
    ]);
    expect(answer.clicks_data).toEqual([
      { createdAt: '2026-02-09T18:30:00.000Z', count: 1 },
      { createdAt: '2026-02-13T18:30:00.000Z', count: 3 },
    ]);
    expect(answer).toMatchObject({ totalViews: 7, totalClicks: 4 });
    // The web app's chart puts them back on the same days.
    expect(buildDailySeries(answer.views_data, 'Asia/Kolkata')?.dates).toEqual([
      '10/02/2026',
      '11/02/2026',
    ]);
  });

  it('counts only the days within the range, both ends included', async () => {
    const eleventh = await dashboard(banner, '2026-02-11', '2026-02-11');
    expect(eleventh).toMatchObject({
      views_data: [{ createdAt: '2026-02-10T18:30:00.000Z', count: 5 }],
      clicks_data: [],
      totalViews: 5,
      totalClicks: 0,
    });
    const fromEleventh = await dashboard(banner, '2026-02-11', '2026-02-14');
    expect(fromEleventh).toMatchObject({ totalViews: 5, totalClicks: 3 });
    const toTenth = await dashboard(banner, '2026-01-01', '2026-02-10');
    expect(toTenth).toMatchObject({ totalViews: 2, totalClicks: 1 });
  });

  it('answers empty series and zeros for an item or a range without counts', async () => {
    const empty = { views_data: [], clicks_data: [], totalViews: 0, totalClicks: 0 };
    expect(await dashboard(newId(), '2026-02-01', '2026-02-28')).toMatchObject({
      status: true,
      ...empty,
    });
    expect(await dashboard(banner, '2026-03-01', '2026-03-31')).toMatchObject(empty);
  });

  it.each([
    ['a malformed date', '2026-2-1', '2026-02-28', adMessages.dateFormat],
    ['a day that does not exist', '2026-02-01', '2026-02-30', adMessages.dateFormat],
    ['an end before the start', '2026-02-10', '2026-02-09', adMessages.dateOrder],
    ['more than two years', '2024-01-01', '2026-01-02', trackingMessages.dashboardSpan],
  ])('refuses %s (400)', async (_label, startDate, endDate, message) => {
    expect(await dashboard(banner, startDate, endDate)).toMatchObject({
      status: false,
      httpStatus: 400,
      message,
    });
  });

  it('refuses a malformed id (400) and a caller without a token (401)', async () => {
    expect(await dashboard('not-an-id', '2026-02-01', '2026-02-28')).toMatchObject({
      status: false,
      httpStatus: 400,
      message: 'Invalid id',
    });
    const anonymous = await clientFor(server).dashboard.viewsDashboard({
      id: banner,
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    expect(anonymous).toMatchObject({ status: false, httpStatus: 401 });
  });
});
