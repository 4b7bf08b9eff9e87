// `dealdesk login` for an admin with the authenticator app on: nothing is mailed, the code
// asked for is the app's (or a recovery code), and the flow is otherwise the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticatorCode,
  createTestAdmin,
  freshDatabase,
  signIn,
  startTestServer,
  testClock,
  testConfig,
  totpStepSeconds,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import { createApiClient } from '@dealdesk/core';
import { buildCli, cliMain, freshConfigHome, runCli, serverEnv, startBuiltCli } from './support.js';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  buildCli();
  database = await freshDatabase('sqlite');
  // Time stands still unless the test moves it: the codes are computed for known moments.
  server = await startTestServer(
    testConfig(database),
    () => {},
    testClock(new Date('2026-04-01T08:00:05Z')),
  );
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const nextStep = () => server.clock.advance(totpStepSeconds * 1000);

/** An admin with the app on; answers its key and recovery codes, the clock a step on. */
async function withAuthenticator() {
  const admin = await createTestAdmin(server);
  const session = await signIn(server, admin);
  const api = createApiClient({
    baseUrl: server.baseUrl,
    apiKey: server.config.apiKey,
    secret: server.config.secret,
    token: () => session,
  });
  const setup = await api.admin.authenticatorSetup();
  const key = setup.secret ?? '';
  const confirmed = await api.admin.authenticatorConfirm({
    code: authenticatorCode(key, server.clock.now()),
  });
  if (!confirmed.status) throw new Error(confirmed.message);
  nextStep();
  return { admin, key, recoveryCodes: confirmed.recoveryCodes ?? [] };
}

const mailsTo = (email: string) =>
  server.printed.filter((text) => text.toLowerCase().includes(`to: ${email}`)).length;

/** Text as one word of a POSIX shell command line (what `script -c` runs). */
const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

describe('dealdesk login with the authenticator app', () => {
  it('takes the code from the app on the second line of a script, and mails nothing', async () => {
    const { admin, key } = await withAuthenticator();
    const env = serverEnv(server, await freshConfigHome());
    const mailed = mailsTo(admin.a_email);
    const code = authenticatorCode(key, server.clock.now());
    const run = await runCli(['login', '--id', admin.a_id], env, `${admin.password}\n${code}\n`);
    expect(run).toMatchObject({ code: 0 });
    expect(run.stderr).toContain('Enter the code from your authenticator app');
    expect(mailsTo(admin.a_email)).toBe(mailed);
    expect((await runCli(['whoami'], env)).code).toBe(0);
  });

  it('asks for the app code at a terminal, and takes a recovery code there', async () => {
    const { admin, recoveryCodes } = await withAuthenticator();
    const env = { ...serverEnv(server, await freshConfigHome()), TERM: 'xterm' };
    const cli = startBuiltCli(
      [
        '-qefc',
        `${quote(process.execPath)} ${quote(cliMain)} login --id ${quote(admin.a_id)}`,
        '/dev/null',
      ],
      env,
      'script',
    );
    await cli.waitFor('Password');
    cli.write(`${admin.password}\r`);
    await cli.waitFor('Code from your authenticator app (or a recovery code)');
    cli.write(`${recoveryCodes[0] ?? ''}\r`);
    const run = await cli.finished;
    expect(run.stdout).toContain(`Signed in as ${admin.a_id}`);
    expect(run.code).toBe(0);
  });

  it('refuses a used code with the server message and exit code 3', async () => {
    const { admin, key } = await withAuthenticator();
    const env = serverEnv(server, await freshConfigHome());
    const code = authenticatorCode(key, server.clock.now());
    const input = `${admin.password}\n${code}\n`;
    expect((await runCli(['login', '--id', admin.a_id], env, input)).code).toBe(0);
    const again = await runCli(['login', '--id', admin.a_id], env, input);
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('The code is not correct');
  });
});
