import { mkdtemp, readFile } from 'node:fs/promises';
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
    expect((await dealdesk(['config', 'use', 'live'], '', env)).stdout).toContain(
      'Current profile: live',
    );
    const listed = JSON.parse((await dealdesk(['config', 'list', '--json'], '', env)).stdout);
    expect(listed).toEqual([
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
});
