// dealdesk controller history / show / rollback: the CLI in process against a real server, with
// an API token as a cron job or a script would use it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControllerVersion, ControllerVersionDetail } from '@dealdesk/core';
import {
  freshDatabase,
  signedInClient,
  startTestServer,
  testConfig,
  type CatalogueClient,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import { freshConfigHome, jsonOf, runCli, serverEnv } from './support.js';

let database: TestDatabase;
let server: TestServer;
let api: CatalogueClient;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  database = await freshDatabase('sqlite');
  server = await startTestServer(testConfig(database));
  api = await signedInClient(server);
  const { token } = await api.admin.createToken({ name: 'controller e2e' });
  env = { ...serverEnv(server, await freshConfigHome()), DEALDESK_TOKEN: token ?? '' };
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

describe('dealdesk controller', () => {
  it('lists the versions, shows one, and rolls back to it only with --yes', async () => {
    await api.controller.setSwitch({ name: 'banner', status: false });
    await api.controller.setPosition({ name: 'ntvTiming', value: 8 });

    const history = await runCli(['controller', 'history'], env);
    expect(history.code).toBe(0);
    // Piped: tab-separated rows, newest first.
    expect(history.stdout).toMatch(/^3\t.*\tntvTiming: 5 → 8$/m);
    expect(history.stdout).toMatch(/^2\t.*\tbanner: true → false$/m);
    expect(history.stdout).toMatch(/^1\t.*\t\(before versions were kept\)\t$/m);
    const listed = jsonOf<{ data: ControllerVersion[]; totalRecord: number }>(
      await runCli(['--json', 'controller', 'history', '--limit', '2'], env),
    );
    expect(listed.totalRecord).toBe(3);
    expect(listed.data.map((version) => version.version)).toEqual([3, 2]);

    const shown = jsonOf<{ data: ControllerVersionDetail }>(
      await runCli(['--json', 'controller', 'show', '1'], env),
    );
    expect(shown.data.state.banner).toBe(true);
    expect(shown.data.sinceThen.map((difference) => difference.field)).toEqual([
      'banner',
      'ntvTiming',
    ]);

    // A script without --yes changes nothing (exit 2).
    const unasked = await runCli(['controller', 'rollback', '1'], env);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('without --yes');
    expect((await api.controller.get()).data?.banner).toBe(false);

    const rolledBack = await runCli(['controller', 'rollback', '1', '--yes'], env);
    expect(rolledBack.code).toBe(0);
    expect(rolledBack.stdout).toContain('Rolled back to version 1: now version 4');
    expect((await api.controller.get()).data).toMatchObject({ banner: true, ntvTiming: 5 });

    const missing = await runCli(['controller', 'show', '99'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Version 99 was not found');
    expect((await runCli(['controller', 'show', 'latest'], env)).code).toBe(2);
  });
});
