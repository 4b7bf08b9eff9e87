import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer } from '../testing/fake-api.js';

const { dealdesk } = cliAgainstTestServer();

/** A config directory of its own, and no settings from the environment. */
async function emptySetup() {
  const home = await mkdtemp(join(tmpdir(), 'dealdesk-config-'));
  const env = {
    XDG_CONFIG_HOME: home,
    DEALDESK_URL: undefined,
    DEALDESK_API_KEY: undefined,
    DEALDESK_SECRET: undefined,
    DEALDESK_TOKEN: undefined,
  };
  return { env, file: join(home, 'dealdesk', 'config.json') };
}

describe('dealdesk config', () => {
  it('saves settings in the profile and shows them with secrets masked', async () => {
    const { env, file } = await emptySetup();
    const secret = 'ab'.repeat(32);
    expect(
      (await dealdesk(['config', 'set', 'url', 'https://desk.example.test/'], '', env)).exitCode,
    ).toBe(0);
    expect((await dealdesk(['config', 'set', 'secret', secret], '', env)).exitCode).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      profiles: { default: { url: 'https://desk.example.test', secret } },
    });
    const shown = await dealdesk(['config', 'show', '--json'], '', env);
    expect(JSON.parse(shown.stdout).settings).toMatchObject({
      url: { value: 'https://desk.example.test', source: 'profile' },
      secret: { value: 'abab…ab', source: 'profile' },
      token: { value: null, source: null },
    });
    expect((await dealdesk(['config', 'unset', 'secret'], '', env)).exitCode).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8')).profiles.default.secret).toBeUndefined();
  });

  it('switches and lists named profiles', async () => {
    const { env } = await emptySetup();
    await dealdesk(['config', 'set', 'url', 'https://staging.example.test'], '', env);
    expect((await dealdesk(['config', 'use', 'live', '--create'], '', env)).stdout).toContain(
      'Current profile: live',
    );
    const listed = JSON.parse((await dealdesk(['config', 'list', '--json'], '', env)).stdout);
    expect(listed.data).toEqual([
      { name: 'default', current: false, url: 'https://staging.example.test', signedIn: false },
      { name: 'live', current: true, url: null, signedIn: false },
    ]);
  });

  it('refuses unknown keys, bad values and bad profile names (exit 2)', async () => {
    const { env } = await emptySetup();
    const results = await Promise.all([
      dealdesk(['config', 'set', 'colour', 'red'], '', env),
      dealdesk(['config', 'set', 'url', 'ftp://desk.example.test'], '', env),
      dealdesk(['config', 'set', 'secret', 'short'], '', env),
      dealdesk(['config', 'use', 'no spaces'], '', env),
    ]);
    expect(results.map((result) => result.exitCode)).toEqual([2, 2, 2, 2]);
    expect(results[0]?.stderr).toContain('Allowed choices are url, api-key, secret, token');
  });

  it('refuses to switch to a profile that does not exist unless --create (exit 2)', async () => {
    const { env, file } = await emptySetup();
    await dealdesk(['config', 'set', 'url', 'https://staging.example.test'], '', env);
    const refused = await dealdesk(['config', 'use', 'nosuch'], '', env);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      'No profile nosuch: create it with `dealdesk config use nosuch --create` (profiles: default)',
    );
    expect(Object.keys(JSON.parse(await readFile(file, 'utf8')).profiles)).toEqual(['default']);
    expect((await dealdesk(['config', 'use', 'nosuch', '--create'], '', env)).exitCode).toBe(0);
    expect((await dealdesk(['config', 'use', 'default'], '', env)).exitCode).toBe(0);
  });

  it('reads a secret from standard input with `-`, trimmed, first line only', async () => {
    const { env, file } = await emptySetup();
    const secret = 'cd'.repeat(32);
    const saved = await dealdesk(['config', 'set', 'secret', '-'], `  ${secret}  \nignored\n`, env);
    expect(saved.exitCode).toBe(0);
    expect(
      (await dealdesk(['config', 'set', 'api-key', '-'], 'key-from-stdin', env)).exitCode,
    ).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8')).profiles.default).toEqual({
      secret,
      apiKey: 'key-from-stdin',
    });
    const empty = await dealdesk(['config', 'set', 'token', '-'], '', env);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('Standard input ended before the value of token');
    // Not at a terminal, a missing value is not asked for.
    const missing = await dealdesk(['config', 'set', 'api-key'], '', env);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(
      'Give a value for api-key, or - to read it from standard input',
    );
  });

  it('names an invalid server URL instead of calling it unreachable (exit 2)', async () => {
    const { env, file } = await emptySetup();
    const fromEnv = await dealdesk(['load'], '', { ...env, DEALDESK_URL: 'nonsense' });
    expect(fromEnv.exitCode).toBe(2);
    expect(fromEnv.stderr).toContain('DEALDESK_URL is not a valid http(s) URL: nonsense');
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(
      file,
      JSON.stringify({ currentProfile: 'live', profiles: { live: { url: 'ftp://x.test' } } }),
    );
    const fromFile = await dealdesk(['load'], '', env);
    expect(fromFile.exitCode).toBe(2);
    expect(fromFile.stderr).toContain(
      'The url of profile live is not a valid http(s) URL: ftp://x.test',
    );
  });
});
