// Sign-in, sessions, tokens, config and exit codes, in process; the built CLI on a real terminal
// (`script`). The 20 concurrent `config set` runs meet at the config file's lock as processes do.
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import { watchMailbox } from '../support/mailbox.js';
import {
  buildCli,
  cliMain,
  freshConfigHome,
  jsonOf,
  loginByScript,
  runCli,
  serverEnv,
  startBuiltCli,
} from './support.js';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  buildCli();
  database = await freshDatabase('sqlite');
  server = await startTestServer(testConfig(database));
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

async function signedIn() {
  const admin = await createTestAdmin(server);
  const env = serverEnv(server, await freshConfigHome());
  expect((await loginByScript(admin, env, database.dataDir)).code).toBe(0);
  return { admin, env };
}

/** Text as one word of a POSIX shell command line (what `script -c` runs). */
const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

describe('dealdesk login, whoami and logout', () => {
  it('signs in with the code from the mail outbox and keeps the session owner-only', async () => {
    const admin = await createTestAdmin(server);
    const env = serverEnv(server, await freshConfigHome());
    const run = await loginByScript(admin, env, database.dataDir);
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain(`Signed in as ${admin.a_id}`);

    const folder = join(env['XDG_CONFIG_HOME'] ?? '', 'dealdesk');
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(join(folder, 'config.json'))).mode & 0o777).toBe(0o600);

    const whoami = await runCli(['--json', 'whoami'], env);
    expect(whoami.code).toBe(0);
    expect(jsonOf(whoami)).toMatchObject({
      admin: { a_id: admin.a_id, a_email: admin.a_email },
      credential: 'saved session',
    });
  });

  it('answers a wrong password with the server message and exit code 3', async () => {
    const admin = await createTestAdmin(server);
    const env = serverEnv(server, await freshConfigHome());
    const run = await runCli(['login', '--id', admin.a_id], env, 'wrong-password\n');
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/✖ .+/);
  });

  it('refuses a code that is not six digits before sending it (exit 2)', async () => {
    const admin = await createTestAdmin(server);
    const env = serverEnv(server, await freshConfigHome());
    const run = await runCli(['login', '--id', admin.a_id], env, `${admin.password}\n12ab\n`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('The code is 6 digits');
  });

  it('logout ends the session on the server, not only on this machine', async () => {
    const { env } = await signedIn();
    const shown = jsonOf<{ settings: { token: { value: string } } }>(
      await runCli(['--json', 'config', 'show'], env),
    );
    expect(shown.settings.token.value).toMatch(/…/); // masked, never printed in full
    const saved = JSON.parse(
      await (
        await import('node:fs/promises')
      ).readFile(join(env['XDG_CONFIG_HOME'] ?? '', 'dealdesk/config.json'), 'utf8'),
    ) as { profiles: { default: { token: string } } };

    expect((await runCli(['logout'], env)).code).toBe(0);
    const after = await runCli(['whoami'], env);
    expect(after.code).toBe(3);
    expect(after.stderr).toContain('run `dealdesk login`');
    const reused = await runCli(['whoami'], {
      ...env,
      DEALDESK_TOKEN: saved.profiles.default.token,
    });
    expect(reused.code).toBe(3);
    expect(reused.stderr).toContain('DEALDESK_TOKEN was refused');
  });

  it('tells a script with no session to sign in (exit 3)', async () => {
    const run = await runCli(['--json', 'load'], serverEnv(server, await freshConfigHome()));
    expect(run.code).toBe(3);
    expect(jsonOf(run)).toMatchObject({
      status: false,
      message: expect.stringContaining('dealdesk login'),
    });
  });

  /**
   * `dealdesk login` on a new pseudo-terminal (util-linux script passes our keys to it), its
   * output going on through `pipe` (e.g. `| cat`), typing the ID, password and mailed code.
   */
  async function loginAtTerminal(pipe = '') {
    const admin = await createTestAdmin(server);
    const env = { ...serverEnv(server, await freshConfigHome()), TERM: 'xterm' };
    const mailbox = await watchMailbox(database.dataDir);
    const cli = startBuiltCli(
      ['-qefc', `${quote(process.execPath)} ${quote(cliMain)} login${pipe}`, '/dev/null'],
      env,
      'script',
    );
    await cli.waitFor('Admin ID');
    cli.write(`${admin.a_id}\r`);
    await cli.waitFor('Password');
    cli.write(`${admin.password}\r`);
    await cli.waitFor('Code from the email');
    cli.write(`${await mailbox.nextCode(admin.a_email)}\r`);
    return { admin, env, run: await cli.finished };
  }

  // The two terminal sign-ins wait on prompts and the mail: side by side, they wait once.
  it.concurrent('signs in interactively through a pseudo-terminal', async ({ expect }) => {
    const { admin, env, run } = await loginAtTerminal();
    expect(run.stdout).toContain(`Signed in as ${admin.a_id}`);
    expect(run.code).toBe(0);
    expect((await runCli(['whoami'], env)).code).toBe(0);
  });

  it.concurrent(
    'asks on the terminal with the password hidden when stdout is piped (login | cat)',
    async ({ expect }) => {
      // stdin is the pseudo-terminal, stdout a pipe into cat (as `dealdesk login | tee log`).
      const { admin, run } = await loginAtTerminal(' | cat');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Signed in as ${admin.a_id}`);
      // Everything the terminal showed: the prompts, but never the typed password.
      expect(run.stdout + run.stderr).not.toContain(admin.password);
    },
  );
});

describe('dealdesk config', () => {
  it('asks for a secret with a hidden prompt at a terminal, so it stays out of the history', async () => {
    const home = await freshConfigHome();
    const env = { PATH: process.env['PATH'], HOME: home, XDG_CONFIG_HOME: home, TERM: 'xterm' };
    const cli = startBuiltCli(
      ['-qefc', `${quote(process.execPath)} ${quote(cliMain)} config set api-key`, '/dev/null'],
      env,
      'script',
    );
    await cli.waitFor('Value of api-key');
    cli.write('typed-api-key-1234\r');
    const run = await cli.finished;
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('typed-api-key-1234');
    const config = JSON.parse(await readFile(join(home, 'dealdesk', 'config.json'), 'utf8')) as {
      profiles: Record<string, { apiKey?: string }>;
    };
    expect(config.profiles['default']?.apiKey).toBe('typed-api-key-1234');
  });

  it('keeps every one of 20 concurrent `config set` calls', async () => {
    const home = await freshConfigHome();
    const env = { PATH: process.env['PATH'], HOME: home, XDG_CONFIG_HOME: home };
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        runCli(
          ['--profile', `p${index}`, 'config', 'set', 'url', `https://desk${index}.example.test`],
          env,
        ),
      ),
    );
    expect(runs.map((run) => run.code)).toEqual(runs.map(() => 0));
    const config = JSON.parse(await readFile(join(home, 'dealdesk', 'config.json'), 'utf8')) as {
      profiles: Record<string, { url?: string }>;
    };
    for (let index = 0; index < 20; index += 1)
      expect(config.profiles[`p${index}`]?.url).toBe(`https://desk${index}.example.test`);
    // No lock or temporary file is left behind, and the file is still 0600.
    const file = await stat(join(home, 'dealdesk', 'config.json'));
    expect(file.mode & 0o777).toBe(0o600);
    expect(await readdir(join(home, 'dealdesk'))).toEqual(['config.json']);
  });
});

describe('dealdesk token', () => {
  it('creates a token that a cron job uses without any session, then revokes it', async () => {
    const { env } = await signedIn();
    const created = jsonOf<{ token: string; data: { _id: string; name: string } }>(
      await runCli(['--json', 'token', 'create', 'nightly-notifications', '--days', '30'], env),
    );
    expect(created.token).toMatch(/^ddk_/);

    const cron = { ...serverEnv(server, await freshConfigHome()), DEALDESK_TOKEN: created.token };
    const load = await runCli(['--json', 'load'], cron);
    expect(load.code).toBe(0);
    expect(jsonOf(load)).toHaveProperty('cpuLoad');
    // A token cannot mint more tokens, and is told so rather than called expired (exit 3).
    const minted = await runCli(['token', 'create', 'another'], cron);
    expect(minted.code).toBe(3);
    expect(minted.stderr).toContain(
      'token create needs a signed-in session: run `dealdesk login` (API tokens cannot manage tokens)',
    );
    const listedByToken = await runCli(['--json', 'token', 'list'], cron);
    expect(listedByToken.code).toBe(3);
    expect(jsonOf(listedByToken)).toEqual({
      status: false,
      message: expect.stringContaining('token list needs a signed-in session') as string,
    });

    const listed = jsonOf<{ data: { _id: string; name: string; lastUsedAt: string | null }[] }>(
      await runCli(['--json', 'token', 'list'], env),
    ).data;
    expect(listed).toEqual([
      expect.objectContaining({ _id: created.data._id, name: 'nightly-notifications' }),
    ]);
    expect(listed[0]?.lastUsedAt).not.toBeNull();

    expect((await runCli(['token', 'revoke', created.data._id], env)).code).toBe(0);
    const refused = await runCli(['load'], cron);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('DEALDESK_TOKEN was refused');
  });

  it('checks the token name with the core schema before sending (exit 2)', async () => {
    const { env } = await signedIn();
    const run = await runCli(['token', 'create', ' '], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Name the token in 1 to 60 characters');
  });
});

describe('errors and exit codes', () => {
  it('says when no server is reachable (exit 1)', async () => {
    const env = {
      ...serverEnv(server, await freshConfigHome()),
      DEALDESK_URL: 'http://127.0.0.1:9',
      DEALDESK_TOKEN: 'ddk_anything',
    };
    const run = await runCli(['load'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Cannot reach the Dealdesk server at http://127.0.0.1:9');
  });

  it('gives up on a server that accepts and never answers after --timeout seconds (exit 1)', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const env = {
        ...serverEnv(server, await freshConfigHome()),
        DEALDESK_URL: url,
        DEALDESK_TOKEN: 'ddk_anything',
      };
      // A CLI that never gave up would fail the test by its own timeout. The variable does the
      // same for cron jobs, and --json answers it as JSON (both runs wait their second at once).
      const [run, json] = await Promise.all([
        runCli(['--timeout', '1', 'whoami'], env),
        runCli(['--json', 'load'], { ...env, DEALDESK_TIMEOUT: '1' }),
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`No answer from the Dealdesk server at ${url} in 1 s`);
      expect(run.stderr).not.toContain('Cannot reach');
      expect(json.code).toBe(1);
      expect(jsonOf(json)).toEqual({
        status: false,
        message: expect.stringContaining(
          `No answer from the Dealdesk server at ${url} in 1 s`,
        ) as string,
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('asks for the API key and secret when neither flag, file nor environment has them (exit 2)', async () => {
    const home = await freshConfigHome();
    const run = await runCli(['load'], {
      PATH: process.env['PATH'],
      HOME: home,
      XDG_CONFIG_HOME: home,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('dealdesk config set api-key');
  });

  it('reports a refused API key as an authentication failure (exit 3)', async () => {
    const env = { ...serverEnv(server, await freshConfigHome()), DEALDESK_API_KEY: 'not-the-key' };
    const run = await runCli(['load'], { ...env, DEALDESK_TOKEN: 'ddk_x' });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('refused the API key');
  });

  it('exits 2 on a usage error and 0 on --help', async () => {
    const env = serverEnv(server, await freshConfigHome());
    expect((await runCli(['products', 'frobnicate'], env)).code).toBe(2);
    const json = await runCli(['products', 'list', '--frob', '--json'], env);
    expect(json).toMatchObject({ code: 2, stderr: '' });
    expect(jsonOf(json)).toEqual({ status: false, message: "unknown option '--frob'" });
    expect((await runCli(['load', '--fail-above', '120'], env)).code).toBe(2);
    const help = await runCli(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes: 0 ok, 1 failed, 2 usage');
  });

  it('keeps named profiles: config set, use and list', async () => {
    const env = { ...serverEnv(server, await freshConfigHome()), DEALDESK_URL: '' };
    const missing = await runCli(['config', 'use', 'staging'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      'No profile staging: create it with `dealdesk config use staging --create`',
    );
    expect((await runCli(['config', 'use', 'staging', '--create'], env)).code).toBe(0);
    expect(
      (await runCli(['config', 'set', 'url', 'https://staging.example.test/'], env)).code,
    ).toBe(0);
    expect((await runCli(['config', 'set', 'secret', 'abc'], env)).code).toBe(2);
    const profiles = jsonOf<{ data: { name: string; current: boolean; url: string | null }[] }>(
      await runCli(['--json', 'config', 'list'], env),
    ).data;
    expect(profiles).toContainEqual({
      name: 'staging',
      current: true,
      url: 'https://staging.example.test',
      signedIn: false,
    });
  });
});
