// Idempotency-Key: a repeated create or send is answered with the first result and does nothing
// again, on the instance that ran it or another one on the same database, for 24 hours.
import { createApiClient, type ApiClient } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../modules/stories/testing.js';
import {
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { idempotencyMessages } from './idempotency.js';

// A second unit of a name needs an id of its own: a type refuses an ad id it has (409).
const unit = (name: string, copy = 1) => ({
  a_name: name,
  a_id: `ca-app-${name}-${String(copy)}`,
  a_description: 'Home',
});

describe.each(dialects)('Idempotency-Key on %s', (dialect) => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;
  let api: ApiClient;
  let token: string;
  let admin: Awaited<ReturnType<typeof createTestAdmin>>;
  const clientOn = (server: TestServer, key?: string) =>
    createApiClient({
      baseUrl: server.baseUrl,
      apiKey: server.config.apiKey,
      secret: server.config.secret,
      token: () => token,
      ...(key === undefined ? {} : { idempotencyKey: key }),
    });
  const unitsNamed = async (name: string) =>
    ((await api.adUnits.list({ type: 'open' })).data ?? []).filter((row) => row.a_name === name);
  const historyTitled = async (title: string) =>
    ((await api.notifications.history()).data ?? []).filter((row) => row.n_title === title);

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    const config = testConfig(database);
    [first, second] = [await startTestServer(config), await startTestServer(config)];
    admin = await createTestAdmin(first);
    token = await signIn(first, admin);
    api = clientOn(first);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
  });

  it('answers a repeated send with the first result and pushes once', async () => {
    const submission = clientOn(first, 'send-once');
    const input = { title: 'Flash sale once', message: 'Today only', url: '' };
    const sent = await submission.notifications.send(input);
    const again = await submission.notifications.send(input);
    expect(sent).toMatchObject({ status: true, httpStatus: 200 });
    expect(again).toEqual(sent);
    expect(await historyTitled(input.title)).toHaveLength(1);
  });

  it('runs two requests sent at once with one key once, and answers both alike', async () => {
    const submission = clientOn(first, 'double-click');
    const answers = await Promise.all([
      submission.adUnits.add({ type: 'open', ...unit('DoubleClick') }),
      submission.adUnits.add({ type: 'open', ...unit('DoubleClick') }),
    ]);
    expect(answers[0]).toMatchObject({ status: true, httpStatus: 200 });
    expect(answers[1]).toEqual(answers[0]);
    expect(await unitsNamed('DoubleClick')).toHaveLength(1);
  });

  it('answers a repeat that reaches another instance with the first result', async () => {
    const input = unit('OtherInstance');
    const made = await clientOn(first, 'two-instances').adUnits.add({ type: 'open', ...input });
    const repeated = await clientOn(second, 'two-instances').adUnits.add({
      type: 'open',
      ...input,
    });
    expect(repeated).toEqual(made);
    expect(await unitsNamed('OtherInstance')).toHaveLength(1);
  });

  it('creates again with another key, or without one', async () => {
    await clientOn(first, 'key-a').adUnits.add({ type: 'open', ...unit('TwoKeys') });
    await clientOn(first, 'key-b').adUnits.add({ type: 'open', ...unit('TwoKeys', 2) });
    expect(await unitsNamed('TwoKeys')).toHaveLength(2);
  });

  it('keeps a key per administrator', async () => {
    const other = await signedInClient(first);
    await clientOn(first, 'shared-key').adUnits.add({ type: 'open', ...unit('PerAdmin') });
    await other
      .withIdempotencyKey('shared-key')
      .adUnits.add({ type: 'open', ...unit('PerAdmin', 2) });
    expect(await unitsNamed('PerAdmin')).toHaveLength(2);
  });

  it('refuses a key used for another request', async () => {
    const submission = clientOn(first, 'reused');
    await submission.adUnits.add({ type: 'open', ...unit('FirstUse') });
    const other = await submission.adUnits.add({ type: 'open', ...unit('SecondUse') });
    expect(other).toMatchObject({
      status: false,
      message: idempotencyMessages.reused,
      httpStatus: 409,
    });
    expect(await unitsNamed('SecondUse')).toHaveLength(0);
  });

  it('frees the key when the first attempt is refused, so a corrected retry runs', async () => {
    const submission = clientOn(first, 'corrected');
    const refused = await submission.adUnits.add({
      type: 'open',
      ...unit('Fixed'),
      a_description: ' ',
    });
    expect(refused).toMatchObject({ status: false, httpStatus: 400 });
    // The same submission, corrected: same key, other body.
    const made = await submission.adUnits.add({ type: 'open', ...unit('Fixed') });
    expect(made).toMatchObject({ status: true, httpStatus: 200 });
    expect(await unitsNamed('Fixed')).toHaveLength(1);
  });

  it('refuses a key that is not 1 to 255 printable characters', async () => {
    for (const key of ['', 'with space', 'x'.repeat(256)]) {
      const answer = await clientOn(first, key).adUnits.add({ type: 'open', ...unit('BadKey') });
      expect(answer).toMatchObject({ message: idempotencyMessages.badKey, httpStatus: 400 });
    }
    expect(await unitsNamed('BadKey')).toHaveLength(0);
  });

  it('forgets a key after 24 hours', async () => {
    const submission = clientOn(first, 'day-old');
    await submission.adUnits.add({ type: 'open', ...unit('DayOld') });
    first.clock.advance(24 * 3_600_000 + 1_000);
    token = await signIn(first, admin); // the session ended too
    // Another body: a key still held would refuse it as reused.
    await submission.adUnits.add({ type: 'open', ...unit('DayOld', 2) });
    expect(await unitsNamed('DayOld')).toHaveLength(2);
  });
});
