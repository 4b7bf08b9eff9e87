// dealdesk notify list --scheduled, cancel and reschedule: the BUILT CLI as a child process, as a
// cron job runs it, against a real server with an API token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Notification } from '@dealdesk/core';
import {
  freshDatabase,
  signedInClient,
  startTestServer,
  testConfig,
  type CatalogueClient,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import { buildCli, freshConfigHome, jsonOf, runBuiltCli, serverEnv } from './support.js';

let database: TestDatabase;
let server: TestServer;
let api: CatalogueClient;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  buildCli();
  database = await freshDatabase('sqlite');
  server = await startTestServer(testConfig(database));
  api = await signedInClient(server);
  const { token } = await api.admin.createToken({ name: 'notify schedule e2e' });
  env = { ...serverEnv(server, await freshConfigHome()), DEALDESK_TOKEN: token ?? '' };
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const day = 86_400_000;
/** Sends one now, or schedules it `days` ahead of the server's clock; answers its id. */
const push = async (title: string, days?: number): Promise<string> => {
  const sendAt =
    days === undefined
      ? {}
      : { sendAt: new Date(server.clock.now().getTime() + days * day).toISOString() };
  return (
    (await api.notifications.send({ title, message: 'Today only', url: '', ...sendAt })).data
      ?._id ?? ''
  );
};
const historyEntry = async (id: string) =>
  (await api.notifications.history({ limit: 1000 })).data?.find((n) => n._id === id);

describe('dealdesk notify, scheduled pushes', () => {
  it('lists only what still waits, soonest first, then cancels and reschedules', async () => {
    await push('Sent already');
    const later = await push('Next week', 7);
    const sooner = await push('Tomorrow', 1);

    const listed = await runBuiltCli(['--json', 'notify', 'list', '--scheduled'], env);
    expect(listed.code).toBe(0);
    const waiting = jsonOf<{ data: Notification[]; totalRecord: number }>(listed);
    expect(waiting.data.map((n) => n.n_title)).toEqual(['Tomorrow', 'Next week']);
    expect(waiting.totalRecord).toBe(2);

    const cancelled = await runBuiltCli(['--json', 'notify', 'cancel', sooner], env);
    expect(cancelled.code).toBe(0);
    expect(jsonOf(cancelled)).toEqual({
      status: true,
      message: endpoints.notifications.cancel.message,
      id: sooner,
    });
    expect((await historyEntry(sooner))?.delivery.state).toBe('cancelled');

    const moved = await runBuiltCli(
      ['notify', 'reschedule', later, '--at', '2099-01-31T10:00:00+05:30'],
      env,
    );
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain(
      `${endpoints.notifications.reschedule.message}: ${later} goes 2099-01-31 10:00 +05:30`,
    );
    expect((await historyEntry(later))?.sendAt).toBe('2099-01-31T04:30:00.000Z');

    const table = await runBuiltCli(['notify', 'list', '--scheduled'], env);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Next week');
    expect(table.stdout).not.toContain('Tomorrow');
    expect(table.stdout).not.toContain('Sent already');
  });

  it('refuses a push already sent or cancelled (exit 1, the reason), and a bad id (exit 2)', async () => {
    const sent = await push('Gone out');
    const again = await runBuiltCli(['--json', 'notify', 'cancel', sent], env);
    expect(again.code).toBe(1);
    expect(jsonOf(again)).toEqual({
      status: false,
      message: 'This notification has already been sent, so it can no longer be changed',
    });

    const waiting = await push('Called off', 2);
    expect((await runBuiltCli(['notify', 'cancel', waiting], env)).code).toBe(0);
    const twice = await runBuiltCli(
      ['notify', 'reschedule', waiting, '--at', '2099-01-31T10:00:00Z'],
      env,
    );
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain(
      'This notification was cancelled, so it can no longer be changed',
    );

    const badId = await runBuiltCli(['notify', 'cancel', 'not-an-id'], env);
    expect(badId.code).toBe(2);
    const past = await runBuiltCli(
      ['notify', 'reschedule', waiting, '--at', '2020-01-01T00:00Z'],
      env,
    );
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('--at: 2020-01-01T00:00Z is in the past');
  });

  it("reads --at without an offset in the business time zone, not the machine's", async () => {
    const london = { ...env, TZ: 'Europe/London', DEALDESK_TZ: 'Asia/Kolkata' };
    const send = ['--json', 'notify', 'send', '--title', 'Zoned', '--message', 'At ten'];
    const kolkata = await runBuiltCli([...send, '--at', '2099-01-31T10:00'], london);
    expect(kolkata.code).toBe(0);
    const sent = jsonOf<{ id: string; sendAt: string }>(kolkata);
    expect(sent.sendAt).toBe('2099-01-31T04:30:00.000Z');
    expect((await historyEntry(sent.id))?.sendAt).toBe('2099-01-31T04:30:00.000Z');

    const moved = await runBuiltCli(
      ['notify', 'reschedule', sent.id, '--at', '2099-02-01T10:00', '--tz', 'America/New_York'],
      london,
    );
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain(`goes 2099-02-01 10:00 -05:00 (America/New_York)`);
    expect((await historyEntry(sent.id))?.sendAt).toBe('2099-02-01T15:00:00.000Z');

    const said = await runBuiltCli(
      ['notify', 'reschedule', sent.id, '--at', '2099-02-02T10:00'],
      london,
    );
    expect(said.stdout).toContain(`goes 2099-02-02 10:00 +05:30 (Asia/Kolkata)`);
    // An offset typed still wins over the zone.
    const typed = await runBuiltCli(
      ['notify', 'reschedule', sent.id, '--at', '2099-02-03T10:00Z', '--tz', 'America/New_York'],
      london,
    );
    expect(typed.stdout).toContain(`goes 2099-02-03 10:00 +00:00 (UTC)`);
    expect((await historyEntry(sent.id))?.sendAt).toBe('2099-02-03T10:00:00.000Z');

    for (const badZone of [
      [...send.slice(1), '--at', '2099-01-31T10:00', '--tz', 'Mars/Olympus_Mons'],
      ['notify', 'reschedule', sent.id, '--at', '2099-01-31T10:00', '--tz', 'Mars/Olympus_Mons'],
    ]) {
      const refused = await runBuiltCli(badZone, london);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('Unknown time zone: Mars/Olympus_Mons');
    }
    const badEnv = await runBuiltCli([...send.slice(1), '--at', '2099-01-31T10:00'], {
      ...london,
      DEALDESK_TZ: 'Nowhere/Else',
    });
    expect(badEnv.code).toBe(2);
    expect(badEnv.stderr).toContain('Unknown time zone: Nowhere/Else');
  });
});
