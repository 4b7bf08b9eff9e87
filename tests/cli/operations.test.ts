// The cron side of the CLI: notifications, analytics and the server load, with an API token; in
// process, but for the machine's time zone, a closed pipe and Ctrl-C (the built CLI).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  datePreset,
  endpoints,
  readCsvRecords,
  rowColumns,
  type AnalyticsItem,
  type Notification,
} from '@dealdesk/core';
import {
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import { png, signedInClient, type CatalogueClient } from '@dealdesk/server/testing';
import {
  buildCli,
  freshConfigHome,
  jsonOf,
  runBuiltCli,
  runCli,
  serverEnv,
  startBuiltCli,
} from './support.js';

let database: TestDatabase;
let server: TestServer;
let api: CatalogueClient;
let env: NodeJS.ProcessEnv;
let files: string;

beforeAll(async () => {
  buildCli();
  database = await freshDatabase('sqlite');
  server = await startTestServer(testConfig(database));
  api = await signedInClient(server);
  const { token } = await api.admin.createToken({ name: 'operations e2e' });
  env = { ...serverEnv(server, await freshConfigHome()), DEALDESK_TOKEN: token ?? '' };
  files = await mkdtemp(join(tmpdir(), 'dealdesk-cli-files-'));
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

/** The newest page of the history (every notification these tests send fits on it). */
const history = async () =>
  jsonOf<{ data: Notification[] }>(await runCli(['--json', 'notify', 'history'], env)).data;

describe('dealdesk notify', () => {
  it('sends a notification with an icon file and finds it in the history', async () => {
    const icon = join(files, 'sale.png');
    const { data } = png(512);
    await writeFile(icon, data as Uint8Array);
    const run = await runCli(
      [
        'notify',
        'send',
        '--title',
        'Diwali sale',
        '--message',
        'Up to 70% off',
        '--url',
        'https://deals.example.test/diwali',
        '--icon',
        icon,
      ],
      env,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('✔');
    const sent = (await history()).find((notification) => notification.n_title === 'Diwali sale');
    expect(sent).toMatchObject({
      n_message: 'Up to 70% off',
      n_url: 'https://deals.example.test/diwali',
    });
    expect(sent?.n_icon).toMatch(/\.png$/);
  });

  it('refuses --at on no such day or in the past rather than sending at once (exit 2)', async () => {
    const send = ['notify', 'send', '--title', 'Never', '--message', 'M', '--at'];
    const noSuchDay = await runCli([...send, '2026-02-30T10:00'], env);
    expect(noSuchDay.code).toBe(2);
    expect(noSuchDay.stderr).toContain('--at: no such date 2026-02-30T10:00');
    const past = await runCli([...send, '2020-01-01T00:00:00Z'], env);
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('--at: 2020-01-01T00:00:00Z is in the past');
    expect((await history()).some((notification) => notification.n_title === 'Never')).toBe(false);
    // A time without an offset is the business time zone's (default Asia/Kolkata), shown with
    // it, whatever the machine's TZ.
    const later = new Date(Date.now() + 2 * 86_400_000);
    const typed = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, '0')}-${String(later.getDate()).padStart(2, '0')}T10:00`;
    const scheduled = await runBuiltCli(
      ['notify', 'send', '--title', 'Later', '--message', 'M', '--at', typed],
      { ...env, TZ: 'America/New_York' },
    );
    expect(scheduled.code).toBe(0);
    expect(scheduled.stdout).toContain(
      `Scheduled for ${typed.replace('T', ' ')} +05:30 (Asia/Kolkata)`,
    );
  });

  it('refuses an icon of the wrong type before sending (exit 2)', async () => {
    const icon = join(files, 'notes.txt');
    await writeFile(icon, 'not an image');
    const run = await runCli(
      ['notify', 'send', '--title', 'T', '--message', 'M', '--icon', icon],
      env,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'Please select a valid image file. Allowed types: png, jpg, jpeg, gif',
    );
    const missing = await runCli(['notify', 'send', '--title', ' ', '--message', 'M'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Enter a title');
  });

  it('schedules with --at, resends from the history and deletes only with --yes', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await runCli(
      [
        '--json',
        'notify',
        'send',
        '--title',
        'Flash sale',
        '--message',
        'Starts in an hour',
        '--at',
        at,
      ],
      env,
    );
    expect(jsonOf(scheduled)).toMatchObject({ status: true, sendAt: at });
    const flash = (await history()).find((notification) => notification.n_title === 'Flash sale');
    expect(flash?.delivery.state).toBe('scheduled');
    // The answer names the notification it scheduled.
    expect(jsonOf(scheduled)['id']).toBe(flash?._id);

    const resent = await runCli(['--json', 'notify', 'resend', flash?._id ?? ''], env);
    expect(resent.code).toBe(0);
    const copies = (await history()).filter(
      (notification) => notification.n_title === 'Flash sale',
    );
    expect(copies).toHaveLength(2);
    // The new notification's id, not the original's.
    const copy = copies.find((notification) => notification._id !== flash?._id);
    expect(jsonOf(resent)).toMatchObject({ status: true, id: copy?._id, resentFrom: flash?._id });

    const refused = await runCli(['notify', 'delete', flash?._id ?? ''], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('without --yes');
    expect((await runCli(['notify', 'delete', flash?._id ?? '', '--yes'], env)).code).toBe(0);
    expect((await history()).some((notification) => notification._id === flash?._id)).toBe(false);

    const unknown = await runCli(['notify', 'resend', 'aaaaaaaaaaaaaaaaaaaaaaaa'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No notification aaaaaaaaaaaaaaaaaaaaaaaa in the history');
  });

  it('writes the whole history the search finds as CSV, to stdout or to a file', async () => {
    const piped = await runCli(['notify', 'history', '--search', 'Diwali', '--format', 'csv'], env);
    expect(piped.code).toBe(0);
    const [header, ...records] = readCsvRecords(piped.stdout);
    expect(header?.fields).toEqual(rowColumns(endpoints.notifications.export));
    expect(records.map((record) => record.fields[2])).toContain('Diwali sale');
    expect(records.every((record) => record.fields[2]?.includes('Diwali'))).toBe(true);

    const file = join(files, 'history.jsonl');
    const saved = await runCli(['notify', 'history', '--format', 'jsonl', '-o', file], env);
    expect(saved.code).toBe(0);
    expect(saved.stderr).toContain(`Exported notifications to ${file}`);
    const rows = (await readFile(file, 'utf8')).trim().split('\n');
    expect(rows.map((row) => (JSON.parse(row) as { _id: string })._id)).toEqual(
      (await history()).map((notification) => notification._id),
    );
  });
});

describe('dealdesk analytics', () => {
  it('shows clicks per ad for a range and clears them only with --yes when not at a terminal', async () => {
    expect(
      (
        await api.webAds.add({
          a_name: 'SummerSale',
          a_id: 'https://ads.example.test/summer',
          a_description: 'Banner',
        })
      ).status,
    ).toBe(true);
    const today = datePreset('today', new Date(), server.config.timeZone);
    const ad = (await api.webAds.list(today)).data?.find((webAd) => webAd.a_name === 'SummerSale');
    const click = { kind: 'webAd' as const, id: ad?._id ?? '', event: 'click' as const };
    const view = { ...click, event: 'view' as const };
    expect((await api.tracking.track({ events: [view, click, click, click] })).status).toBe(true);

    const shown = async (range: string[] = []) =>
      jsonOf<{ data: AnalyticsItem[]; startDate: string }>(
        await runCli(['--json', 'analytics', 'show', ...range], env),
      );
    const clicks = async () => (await shown()).data.find((item) => item._id === ad?._id)?.a_click;
    expect((await shown()).startDate).toBe(today.startDate);
    expect(await clicks()).toBe(3);
    const human = await runCli(['analytics', 'show', '--range', 'thisMonth'], env);
    // Piped: the rows with raw counts on stdout, the totals on stderr.
    expect(human.stdout).toMatch(/SummerSale\t3\n/);
    expect(human.stderr).toContain('Total Banner Clicks: 0');
    const totals = jsonOf<{ totalViews: number; totalClicks: number }>(
      await runCli(['--json', 'analytics', 'show'], env),
    );
    // Other tests of this file count ads too: at least this ad's view and clicks.
    expect(totals.totalViews).toBeGreaterThanOrEqual(1);
    expect(totals.totalClicks).toBeGreaterThanOrEqual(3);
    expect(human.stderr).toMatch(/Ad Views: \d+\s+Ad Clicks: \d+/);
    // The same range per item and day as a file, through the analytics export.
    const file = join(files, 'analytics.csv');
    const saved = await runCli(['analytics', 'show', '--range', 'today', '-o', file], env);
    expect(saved.code).toBe(0);
    const [header, ...records] = readCsvRecords(await readFile(file, 'utf8'));
    expect(header?.fields).toEqual(rowColumns(endpoints.analytics.export));
    expect(records.map((record) => record.fields)).toContainEqual([
      today.startDate,
      'webAd',
      ad?._id,
      'SummerSale',
      '1',
      '3',
    ]);

    const refused = await runCli(['analytics', 'clear', '--range', 'today'], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('without --yes');
    expect(await clicks()).toBe(3);

    const cleared = await runCli(['analytics', 'clear', '--range', 'today', '--yes'], env);
    expect(cleared.code).toBe(0);
    expect(await clicks()).toBe(0);
  });

  it('refuses a range given both ways (exit 2)', async () => {
    const run = await runCli(
      ['analytics', 'show', '--range', 'today', '--from', '2026-01-01', '--to', '2026-01-31'],
      env,
    );
    expect(run.code).toBe(2);
  });
});

describe('dealdesk load', () => {
  it('prints the readings once, and exits 5 when one is above --fail-above', async () => {
    const once = jsonOf<{ cpuLoad: number; ramUsage: number; storageUsage: number }>(
      await runCli(['--json', 'load'], env),
    );
    expect(once.ramUsage).toBeGreaterThan(0);
    const above = await runCli(['load', '--fail-above', '0'], env);
    expect(above.code).toBe(5);
    expect(above.stderr).toContain('Above 0%: ');
    expect(above.stdout).toMatch(/RAM\s+\[[#-]+\]/);
    expect((await runCli(['load', '--fail-above', '100'], env)).code).toBe(0);
  });

  // The two watches wait on the CLI's 2 s between readings: side by side, they wait once.
  it.concurrent(
    'ends quietly (exit 0, nothing on stderr) when its reader goes away, as `| head -3` does',
    async ({ expect }) => {
      const watching = startBuiltCli(['load', '--watch'], env);
      await watching.waitFor('RAM');
      // The reader closes the pipe; the next reading, 2 s later, meets EPIPE.
      watching.child.stdout.destroy();
      const run = await watching.finished;
      expect(run).toMatchObject({ code: 0, stderr: '' });
    },
  );

  it.concurrent(
    'keeps refreshing with --watch until interrupted, then exits 0',
    async ({ expect }) => {
      const watching = startBuiltCli(['--json', 'load', '--watch'], env);
      // Two readings, 2 s apart, as NDJSON lines.
      await watching.waitFor(/cpuLoad[\s\S]*\n[\s\S]*cpuLoad/, 20_000);
      watching.child.kill('SIGINT');
      const run = await watching.finished;
      expect(run.code).toBe(0);
      expect(run.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(2);
    },
  );
});
