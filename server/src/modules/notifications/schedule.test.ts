import { endpoints, notificationMessages, sendTimeInPastMessage } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { defaultPushSettings } from '../../config.js';
import { signedInClient, unknownId } from '../stories/testing.js';
import { notificationAnswers as answers } from './service.js';

type Api = Awaited<ReturnType<typeof signedInClient>>;

const hour = 3_600_000;
const flashSale = { title: 'Flash sale', message: 'Two hours only', url: '' };

/** The poller works in the background: its outcome is waited for, never timed. */
const eventually = (check: () => Promise<void>) =>
  vi.waitFor(check, { timeout: 15_000, interval: 25 });

/** Gives the poller several turns. */
const polled = () => new Promise((resolve) => setTimeout(resolve, 150));

describe.each(dialects)('cancelling and rescheduling a push on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: Api;
  const inHours = (hours: number) =>
    new Date(server.clock.now().getTime() + hours * hour).toISOString();
  const schedule = async (title: string, hours = 1): Promise<string> =>
    (await api.notifications.send({ ...flashSale, title, sendAt: inHours(hours) })).data?._id ?? '';
  const stateOf = async (id: string) =>
    (await api.notifications.history({ limit: 1000 })).data?.find((n) => n._id === id);
  const auditOf = async (id: string) =>
    ((await api.audit.list({ item: id, kind: 'notification' })).data ?? []).map((e) => e.action);

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(
      testConfig(database, { push: { ...defaultPushSettings, pollMs: 25 } }),
    );
    api = await signedInClient(server);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('cancels a scheduled push: kept in the history as cancelled, never sent, audited', async () => {
    const id = await schedule('Cancelled sale');
    const answer = await api.notifications.cancel({ id });
    expect(answer).toMatchObject({
      status: true,
      httpStatus: 200,
      message: endpoints.notifications.cancel.message,
      data: { _id: id, delivery: { state: 'cancelled', detail: answers.cancelledDetail } },
    });
    server.clock.advance(2 * hour);
    // The poller (every 25 ms here) finds nothing due; the state stays cancelled.
    await polled();
    expect((await stateOf(id))?.delivery.state).toBe('cancelled');
    expect(await auditOf(id)).toEqual(['cancel', 'send']);

    expect(await api.notifications.cancel({ id })).toMatchObject({
      status: false,
      httpStatus: 409,
      message: answers.notScheduled.cancelled,
    });
    expect(await api.notifications.reschedule({ id, sendAt: inHours(1) })).toMatchObject({
      status: false,
      httpStatus: 409,
      message: answers.notScheduled.cancelled,
    });
  });

  it('reschedules a push to another time; it goes then, not before', async () => {
    const id = await schedule('Moved sale');
    const later = inHours(3);
    expect(await api.notifications.reschedule({ id, sendAt: later })).toMatchObject({
      status: true,
      httpStatus: 200,
      message: endpoints.notifications.reschedule.message,
      data: { _id: id, sendAt: later, delivery: { state: 'scheduled' } },
    });
    server.clock.advance(2 * hour);
    await polled();
    expect((await stateOf(id))?.delivery.state).toBe('scheduled');
    server.clock.advance(2 * hour);
    await eventually(async () => expect((await stateOf(id))?.delivery.state).toBe('sent'));
    expect(await auditOf(id)).toEqual(['reschedule', 'send']);

    expect(await api.notifications.cancel({ id })).toMatchObject({
      status: false,
      httpStatus: 409,
      message: answers.notScheduled.sent,
    });
  });

  it('refuses a sent push, an unknown id, a past or malformed time, without a change', async () => {
    const now = (await api.notifications.send({ ...flashSale, title: 'Sent at once' })).data?._id;
    expect(await api.notifications.cancel({ id: now ?? '' })).toMatchObject({
      status: false,
      httpStatus: 409,
      message: answers.notScheduled.sent,
    });
    expect(await api.notifications.cancel({ id: unknownId })).toMatchObject({
      status: false,
      httpStatus: 404,
      message: answers.notFound,
    });
    const id = await schedule('Kept sale');
    const sendAt = (await stateOf(id))?.sendAt;
    expect(await api.notifications.reschedule({ id, sendAt: inHours(-1) })).toMatchObject({
      status: false,
      httpStatus: 400,
      message: sendTimeInPastMessage,
    });
    expect(await api.notifications.reschedule({ id, sendAt: '2026-03-01T10:00' })).toMatchObject({
      status: false,
      httpStatus: 400,
      message: notificationMessages.sendAt,
    });
    expect((await stateOf(id))?.sendAt).toBe(sendAt);
    expect(await auditOf(id)).toEqual(['send']);
  });

  it('a cancel racing the scheduler: each push is either cancelled or sent, never both', async () => {
    const ids = await Promise.all(
      ['Race 1', 'Race 2', 'Race 3', 'Race 4', 'Race 5', 'Race 6'].map((title) => schedule(title)),
    );
    server.clock.advance(hour + 1_000);
    const cancels = await Promise.all(ids.map((id) => api.notifications.cancel({ id })));
    await eventually(async () => {
      for (const id of ids) expect((await stateOf(id))?.delivery.state).not.toBe('scheduled');
    });
    for (const [index, id] of ids.entries()) {
      const cancel = cancels[index];
      const state = (await stateOf(id))?.delivery.state;
      if (cancel?.status === true) expect(state).toBe('cancelled');
      else {
        expect(cancel).toMatchObject({ httpStatus: 409 });
        expect(state).toBe('sent');
      }
    }
  });
});
