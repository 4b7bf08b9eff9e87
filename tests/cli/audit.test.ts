// `dealdesk audit list` and `audit show`: the CLI in process, signed in with a session as an
// administrator at a terminal would be, against a real server on both dialects. Its own calls
// are recorded as client 'cli' (its user-agent); the test's API calls as 'other'.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adMessages,
  businessDay,
  endpoints,
  readCsvRecords,
  rowColumns,
  type AuditEntry,
  type AuditEntryDetail,
} from '@dealdesk/core';
import {
  createTestAdmin,
  freshDatabase,
  signedInClient,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import { freshConfigHome, jsonOf, loginByScript, runCli, serverEnv } from './support.js';

type Admin = Awaited<ReturnType<typeof createTestAdmin>>;
type Listed = { data: AuditEntry[]; totalRecord: number; page: number; pages: number };

const dayMs = 24 * 60 * 60 * 1000;

describe.each(['sqlite', 'postgres'] as const)('dealdesk audit on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let cliAdmin: Admin;
  let env: NodeJS.ProcessEnv;
  let sentId = '';

  const list = async (...args: string[]) => {
    const run = await runCli(['--json', 'audit', 'list', ...args], env);
    expect(run.code, run.stderr).toBe(0);
    return jsonOf<Listed>(run);
  };

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    // Through the API as another administrator, then two days later (the server's clock) the
    // CLI's own sign-in and send.
    const api = await signedInClient(server);
    expect((await api.controller.setSwitch({ name: 'banner', status: false })).status).toBe(true);
    server.clock.advance(2 * dayMs);
    cliAdmin = await createTestAdmin(server);
    env = serverEnv(server, await freshConfigHome());
    expect((await loginByScript(cliAdmin, env, database.dataDir)).code).toBe(0);

    const sent = await runCli(
      ['--json', 'notify', 'send', '--title', 'Audit sale', '--message', 'Half price'],
      env,
    );
    expect(sent.code, sent.stderr).toBe(0);
    sentId = jsonOf<{ id: string }>(sent).id;
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('lists the entries newest first, the CLI as client cli, filtered by who, kind, item and days', async () => {
    const all = await list();
    const [send] = all.data;
    expect(send).toMatchObject({
      action: 'send',
      kind: 'notification',
      item_id: sentId,
      label: 'Audit sale',
      client: 'cli',
    });
    expect(send?.actor).toContain(cliAdmin.a_email);
    const update = all.data.find((entry) => entry.kind === 'controller');
    expect(update).toMatchObject({ action: 'update', client: 'other', item_id: null });
    expect(
      all.data.find((entry) => entry.action === 'sign-in' && entry.client === 'cli'),
    ).toBeDefined();

    // --admin takes the admin ID (or email) and finds the stored id.
    const mine = await list('--admin', cliAdmin.a_id);
    expect(mine.data.length).toBeGreaterThanOrEqual(2);
    expect(new Set(mine.data.map((entry) => entry.admin_id)).size).toBe(1);
    expect(mine.data.some((entry) => entry.kind === 'controller')).toBe(false);
    const byEmail = await list('--admin', cliAdmin.a_email.toUpperCase());
    expect(byEmail.totalRecord).toBe(mine.totalRecord);

    const history = await list('--kind', 'notification', '--item', sentId);
    expect(history.data.map((entry) => entry.action)).toEqual(['send']);
    expect((await list('--kind', 'controller', '--action', 'update')).totalRecord).toBe(1);
    const day = (entry: AuditEntry | undefined) =>
      businessDay(entry?.at ?? '', server.config.timeZone);
    const firstDay = await list('--from', day(update), '--to', day(update));
    expect(firstDay.data.map((entry) => entry.kind)).toContain('controller');
    expect(firstDay.data.map((entry) => entry.kind)).not.toContain('notification');
    const later = await list('--from', day(send));
    expect(later.data.some((entry) => entry.kind === 'controller')).toBe(false);
    expect(later.data.some((entry) => entry.item_id === sentId)).toBe(true);

    const second = await list('--page', '2', '--limit', '1');
    expect(second).toMatchObject({ page: 2, pages: all.totalRecord, totalRecord: all.totalRecord });
    expect(second.data.map((entry) => entry._id)).toEqual([all.data[1]?._id]);
  });

  it('prints tab-separated rows when piped, and refuses bad filters with exit 2', async () => {
    const piped = await runCli(['audit', 'list', '--kind', 'notification'], env);
    expect(piped.code).toBe(0);
    const [header, row] = piped.stdout.trim().split('\n');
    expect(header).toBe('id\twhen\twho\tclient\taddress\taction\tkind\titem');
    expect(row).toMatch(new RegExp(`\\tcli\\t[^\\t]+\\tsend\\tnotification\\tAudit sale$`));
    expect(piped.stderr).toContain('Showing 1 of 1 entries');

    const backwards = await runCli(
      ['audit', 'list', '--from', '2026-11-21', '--to', '2026-11-20'],
      env,
    );
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toContain(adMessages.dateOrder);
    expect((await runCli(['audit', 'list', '--kind', 'spaceship'], env)).code).toBe(2);
    const nobody = await runCli(['audit', 'list', '--admin', 'nobody-here'], env);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain('no administrator nobody-here');
    expect((await runCli(['audit', 'show', 'not-an-id'], env)).code).toBe(2);
    const missing = await runCli(['audit', 'show', 'f'.repeat(24)], env);
    expect(missing.code).toBe(1);
  });

  it('shows an entry with each field before and after', async () => {
    const [update] = (await list('--kind', 'controller')).data;
    const shown = await runCli(['--json', 'audit', 'show', update?._id ?? ''], env);
    expect(shown.code, shown.stderr).toBe(0);
    const detail = jsonOf<{ data: AuditEntryDetail; changes: unknown[] }>(shown);
    expect(detail.data).toMatchObject({
      _id: update?._id,
      before: { banner: true },
      after: { banner: false },
    });
    expect(detail.changes).toEqual([{ field: 'banner', before: 'true', after: 'false' }]);
    const piped = await runCli(['audit', 'show', update?._id ?? ''], env);
    expect(piped.stdout).toContain('field\tbefore\tafter\nbanner\ttrue\tfalse');
    expect(piped.stdout).toContain('client\tother');
  });

  it('exports what the filters keep as CSV to a file and as JSON Lines to stdout', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'dealdesk-audit-'));
    const file = join(folder, 'audit.csv');
    const run = await runCli(
      ['--json', 'audit', 'list', '--kind', 'notification', '--format', 'csv', '-o', file],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf(run)).toEqual({ status: true, file, format: 'csv' });
    const [header, ...records] = readCsvRecords(await readFile(file, 'utf8')).map(
      (record) => record.fields,
    );
    expect(header).toEqual(rowColumns(endpoints.audit.export));
    expect(records).toHaveLength(1);
    expect(records[0]).toContain(sentId);

    const lines = await runCli(
      ['audit', 'list', '--admin', cliAdmin.a_id, '--format', 'jsonl'],
      env,
    );
    expect(lines.code).toBe(0);
    const rows = lines.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditEntryDetail);
    expect(rows.length).toBe((await list('--admin', cliAdmin.a_id)).totalRecord);
    expect(rows.find((entry) => entry.item_id === sentId)?.after).toMatchObject({
      n_title: 'Audit sale',
    });
  });
});
