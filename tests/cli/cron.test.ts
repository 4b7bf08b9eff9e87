// The CLI as a nightly cron job runs it: the BUILT CLI as a child process, no terminal, settings
// from the environment only (serverEnv: `env -i` plus the server's address and keys), against a
// real server on both dialects. Standard output is data (a heading and rows, raw numbers, the
// token alone), every --json answer is one object, output that cannot be written is one line on
// stderr, and long jobs log their progress on stderr.
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmod, mkdir, mkdtemp, open, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subcategory } from '@dealdesk/core';
import {
  addCategory,
  addSubcategory,
  createTestAdmin,
  freshDatabase,
  signedInClient,
  startTestServer,
  testConfig,
  type CatalogueClient,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import {
  buildCli,
  cliMain,
  freshConfigHome,
  jsonOf,
  loginByScript,
  runBuiltCli,
  serverEnv,
  startBuiltCli,
} from './support.js';

describe.each(['sqlite', 'postgres'] as const)('dealdesk from cron on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: CatalogueClient;
  let subcategory: Subcategory;
  /** An API token's environment, as a cron job has it. */
  let env: NodeJS.ProcessEnv;
  let folder: string;
  /** Every call the server saw, as `METHOD /path`. */
  const calls: string[] = [];
  const callsTo = (call: string) => calls.filter((each) => each === call).length;
  /** The products the import made (20 rows, in calls of 2). */
  let imported: { code: number | null; stdout: string; stderr: string };

  beforeAll(async () => {
    buildCli();
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database), (app) => {
      app.addHook('onRequest', async (request) => {
        calls.push(`${request.method} ${request.url.split('?')[0] ?? ''}`);
      });
    });
    api = await signedInClient(server);
    subcategory = await addSubcategory(api, await addCategory(api));
    const { token } = await api.admin.createToken({ name: 'cron e2e' });
    env = { ...serverEnv(server, await freshConfigHome()), DEALDESK_TOKEN: token ?? '' };
    folder = await mkdtemp(join(tmpdir(), 'dealdesk-cron-'));
    const rows = Array.from({ length: 20 }, (_, index) =>
      JSON.stringify({
        title: `Nightly ${dialect} ${index}`,
        price: 100 + index,
        og_price: 200,
        og_url: `https://shop.example/${dialect}/nightly-${index}`,
        category: subcategory.category._id,
        subcategory: subcategory._id,
        images: [`https://cdn.example/${index}.jpg`],
      }),
    );
    const path = join(folder, 'nightly.jsonl');
    await writeFile(path, rows.join('\n'));
    imported = await runBuiltCli(['products', 'import', path, '--batch-size', '2'], env);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('logs how far a long job got on stderr, every 10 % of it', () => {
    expect(imported.code).toBe(0);
    const lines = imported.stderr.split('\n').filter((line) => line.startsWith('Progress: '));
    expect(lines).toEqual(
      Array.from(
        { length: 10 },
        (_, step) => `Progress: ${(step + 1) * 2} of 20 (${(step + 1) * 10}%)`,
      ),
    );
  });

  it('lists a heading and rows only on stdout, raw counts, the footer on stderr', async () => {
    const run = await runBuiltCli(['products', 'list', '--limit', '3'], env);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('No\tid\ttitle\tprice\tcategory\tevent\tclicks\tdate');
    for (const line of lines.slice(1)) expect(line.split('\t')[6]).toBe('0');
    expect(run.stdout).not.toContain('Showing');
    expect(run.stderr).toContain('Showing 3 of 20 products (page 1 of 7)');
    // A dry run's table alone too; what it would do is said on stderr.
    const dryRun = await runBuiltCli(
      ['events', 'set', 'Trending', '--search', 'Nightly', '--dry-run'],
      env,
    );
    expect(dryRun.code).toBe(0);
    const rows = dryRun.stdout.trimEnd().split('\n');
    expect(rows[0]).toBe('id\ttitle\tevent now\twould be');
    expect(rows).toHaveLength(21);
    expect(dryRun.stderr).toContain('Dry run: 20 product(s) would be set to Trending');
  });

  it('prints the token alone when its output is captured (T=$(dealdesk token create nightly))', async () => {
    const admin = await createTestAdmin(server);
    const session = serverEnv(server, await freshConfigHome());
    expect((await loginByScript(admin, session, database.dataDir)).code).toBe(0);
    const run = await runBuiltCli(['token', 'create', 'nightly', '--days', '30'], session);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\S+\n$/);
    const token = run.stdout.trim();
    expect(run.stderr).toContain('Copy it now');
    const whoami = await runBuiltCli(['--json', 'whoami'], { ...env, DEALDESK_TOKEN: token });
    expect(jsonOf(whoami)).toMatchObject({ status: true, adminId: admin.a_id });
    const tokens = await runBuiltCli(['--json', 'token', 'list'], session);
    expect(jsonOf(tokens)).toMatchObject({ status: true, data: [{ name: 'nightly' }] });
  });

  it('answers every --json command with one object that says its status', async () => {
    const [first] = (await api.products.list({ limit: 1 })).data ?? [];
    const answers = await Promise.all(
      [
        ['products', 'show', first?._id ?? ''],
        ['products', 'list', '--limit', '2'],
        ['analytics', 'show', '--range', 'today'],
        ['load'],
        ['whoami'],
      ].map((args) => runBuiltCli(['--json', ...args], env)),
    );
    for (const answer of answers) {
      const value = jsonOf(answer);
      expect(value, answer.stdout).toMatchObject({ status: true });
      expect(Array.isArray(value)).toBe(false);
    }
    expect(jsonOf(answers[0] ?? imported)).toMatchObject({ data: { _id: first?._id } });
  });

  it('writes --json products export as one JSON document of rows, never CSV', async () => {
    const run = await runBuiltCli(['--json', 'products', 'export'], env);
    expect(run.code).toBe(0);
    const answer = jsonOf<{ status: boolean; data: { og_url: string }[] }>(run);
    expect(answer.status).toBe(true);
    expect(answer.data).toHaveLength(20);
    expect(answer.data.map((row) => row.og_url)).toContain(
      `https://shop.example/${dialect}/nightly-7`,
    );
  });

  it('says in one line that stdout could not be written (a full disk), exit 1', async () => {
    const full = await open('/dev/full', 'w');
    try {
      const child = spawn(process.execPath, [cliMain, '--json', 'whoami'], {
        env,
        stdio: ['ignore', full.fd, 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toBe('✖ Cannot write to standard output (ENOSPC): the output is incomplete\n');
    } finally {
      await full.close();
    }
  });

  it('shows ids whole at a narrow terminal (a pseudo-terminal 100 columns wide)', async () => {
    const ids = ((await api.products.list({ limit: 3 })).data ?? []).map((product) => product._id);
    const command = `stty cols 100; '${process.execPath}' '${cliMain}' products list --limit 3`;
    const run = await startBuiltCli(
      ['-qefc', command, '/dev/null'],
      { ...env, TERM: 'xterm' },
      'script',
    ).finished;
    expect(run.code).toBe(0);
    const lines = run.stdout.split(/\r?\n/);
    // eslint-disable-next-line no-control-regex
    const shown = (line: string) => Array.from(line.replace(/\u001b\[[0-9;]*m/g, '')).length;
    expect(lines.some((line) => line.includes('…'))).toBe(true);
    for (const line of lines) expect(shown(line)).toBeLessThanOrEqual(100);
    for (const id of ids) expect(run.stdout).toContain(id);
  });

  it('refuses analytics clear without a range (exit 2), sending no clear', async () => {
    const run = await runBuiltCli(['analytics', 'clear', '--yes'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('analytics clear needs a range');
    expect(callsTo('DELETE /api/App/analytics/count/all/remove')).toBe(0);
  });

  it('load --fail-above: exit 5 above the threshold, 1 when the server is down; --samples averaged', async () => {
    const before = callsTo('GET /api/App/server/load/check');
    const above = await runBuiltCli(['load', '--fail-above', '0'], env);
    expect(above.code).toBe(5);
    expect(above.stderr).toContain('Above 0%');
    expect(callsTo('GET /api/App/server/load/check') - before).toBe(5);
    await runBuiltCli(['--json', 'load', '--samples', '2'], env);
    expect(callsTo('GET /api/App/server/load/check') - before).toBe(7);
    const down = await runBuiltCli(['load', '--fail-above', '0'], {
      ...env,
      DEALDESK_URL: 'http://127.0.0.1:9',
    });
    expect(down.code).toBe(1);
  });

  it('exits 2 naming an unknown --profile or DEALDESK_PROFILE, and for help on no such command', async () => {
    const flag = await runBuiltCli(['--profile', 'nosuch', 'whoami'], env);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('No profile nosuch (--profile)');
    const variable = await runBuiltCli(['whoami'], { ...env, DEALDESK_PROFILE: 'nosuch' });
    expect(variable.code).toBe(2);
    expect(variable.stderr).toContain('No profile nosuch (DEALDESK_PROFILE)');
    for (const args of [
      ['help', 'nosuch'],
      ['help', 'products', 'nosuch'],
      ['nosuch', '--help'],
    ]) {
      const help = await runBuiltCli(args, env);
      expect(help.code, args.join(' ')).toBe(2);
      expect(help.stderr).toContain("unknown command 'nosuch'");
    }
  });

  it('notify delete takes ids from stdin like products delete, naming those already gone', async () => {
    const sent = await Promise.all(
      ['first', 'second'].map(
        async (title) =>
          (await api.notifications.send({ title: `Gone ${title}`, message: 'm', url: '' })).data
            ?._id ?? '',
      ),
    );
    const gone = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const ids = `${sent[0]}\n# yesterday's\n${gone}\n${sent[1]}\n`;
    const strict = await runBuiltCli(['--json', 'notify', 'delete', '-', '--yes'], env, ids);
    expect(strict.code).toBe(1);
    expect(jsonOf(strict)).toMatchObject({ status: false, deleted: 2, missing: [gone] });
    expect(strict.stderr).toContain(`Not found: ${gone}`);
    const again = await runBuiltCli(
      ['--json', 'notify', 'delete', '-', '--yes', '--ignore-missing'],
      env,
      ids,
    );
    expect(again.code).toBe(0);
    expect(jsonOf(again)).toMatchObject({
      status: true,
      deleted: 0,
      missing: [sent[0], gone, sent[1]],
    });
  });

  it('names an id that is no id with its line of standard input (exit 2), deleting nothing', async () => {
    const [kept] = (await api.products.list({ limit: 1 })).data ?? [];
    const run = await runBuiltCli(
      ['products', 'delete', '-', '--yes'],
      env,
      `${kept?._id ?? ''}\n\nnot-an-id\n`,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Invalid id on line 3 of standard input: not-an-id');
    expect((await api.products.get({ id: kept?._id ?? '' })).status).toBe(true);
    const argument = await runBuiltCli(['token', 'revoke', '42'], env);
    expect(argument.code).toBe(2);
    expect(argument.stderr).toContain('Invalid id: 42');
  });

  it('sends a saved session only to the server it was made for', async () => {
    const admin = await createTestAdmin(server);
    const session = serverEnv(server, await freshConfigHome());
    expect((await loginByScript(admin, session, database.dataDir)).code).toBe(0);
    const bearers: string[] = [];
    const other = createServer((request, response) => {
      bearers.push(request.headers.authorization ?? '');
      response.writeHead(401).end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const elsewhere = await runBuiltCli(['whoami'], { ...session, DEALDESK_URL: otherUrl });
      expect(elsewhere.code).toBe(3);
      expect(elsewhere.stderr).toContain(`was made for ${server.baseUrl}`);
      expect(bearers.filter((bearer) => bearer.startsWith('Bearer'))).toEqual([]);
      // Changing the profile's url drops the session: back on the first server, none is sent.
      const profileOnly = Object.fromEntries(
        Object.entries(session).filter(([name]) => name !== 'DEALDESK_URL'),
      );
      expect((await runBuiltCli(['config', 'set', 'url', otherUrl], profileOnly)).code).toBe(0);
      const back = await runBuiltCli(['--json', 'whoami'], session);
      expect(back.code).toBe(3);
      expect(jsonOf(back)).toMatchObject({ status: false, message: /Not signed in/ });
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe('dealdesk completion', () => {
  it('suggests values: events, formats, ranges and the profiles of the config file', async () => {
    buildCli();
    const folder = await mkdtemp(join(tmpdir(), 'dealdesk-completion-'));
    // `dealdesk` on the PATH, as installed: the script asks it for the profiles.
    await mkdir(join(folder, 'bin'));
    const bin = join(folder, 'bin', 'dealdesk');
    await writeFile(bin, `#!/bin/sh\nexec '${process.execPath}' '${cliMain}' "$@"\n`);
    await chmod(bin, 0o755);
    const env = {
      PATH: `${join(folder, 'bin')}:${process.env['PATH'] ?? ''}`,
      XDG_CONFIG_HOME: folder,
    };
    expect((await runBuiltCli(['config', 'use', 'staging', '--create'], env)).code).toBe(0);
    const script = join(folder, 'dealdesk.bash');
    await writeFile(script, (await runBuiltCli(['completion', 'bash'], env)).stdout);
    const complete = (words: string[]) =>
      execFileSync(
        'bash',
        [
          '--norc',
          '-c',
          `source "$1"; COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); ` +
            `COMP_CWORD=${words.length - 1}; _dealdesk_completion; printf '%s\\n' "\${COMPREPLY[@]}"`,
          'bash',
          script,
        ],
        { env, encoding: 'utf8' },
      )
        .split('\n')
        .filter(Boolean);
    expect(complete(['dealdesk', 'products', 'list', '--event', ''])).toEqual([
      'Best\\ Deals',
      'Trending',
      'New\\ Launch',
      'None',
    ]);
    expect(complete(['dealdesk', 'events', 'set', 'T'])).toEqual(['Trending']);
    expect(complete(['dealdesk', 'products', 'export', '--format', ''])).toEqual(['csv', 'jsonl']);
    expect(complete(['dealdesk', 'analytics', 'show', '--range', 'this'])).toEqual([
      'thisWeek',
      'thisMonth',
      'thisYear',
    ]);
    expect(complete(['dealdesk', '--profile', 'st'])).toEqual(['staging']);
    expect(complete(['dealdesk', 'products', 'list', '--profile', ''])).toEqual(['staging']);
  });
});
