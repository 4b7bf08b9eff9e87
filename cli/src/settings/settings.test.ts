import {
  mkdtemp,
  readFile,
  readdir,
  stat,
  writeFile,
  chmod,
  mkdir,
  utimes,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodes } from '../exit.js';
import { checkServerUrl, defaultServerUrl, requireKeys, resolveSettings } from './resolve.js';
import { configDir, configPath, readConfig, updateProfile, type ConfigFile } from './store.js';

const tempHome = () => mkdtemp(join(tmpdir(), 'dealdesk-settings-'));

describe('config file', () => {
  it('lives under XDG_CONFIG_HOME, or ~/.config when that is unset or relative', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/srv/conf' })).toBe('/srv/conf/dealdesk');
    expect(configDir({ XDG_CONFIG_HOME: 'relative/conf' })).toMatch(/\/\.config\/dealdesk$/);
    expect(configDir({})).toMatch(/\/\.config\/dealdesk$/);
  });

  it('is written 0600 in a 0700 folder, tightening a folder that was looser', async () => {
    const env = { XDG_CONFIG_HOME: await tempHome() };
    await mkdir(configDir(env), { mode: 0o755 });
    await chmod(configDir(env), 0o755);
    await updateProfile(env, 'default', (profile) => ({ ...profile, token: 'session-token' }));
    expect((await stat(configDir(env))).mode & 0o777).toBe(0o700);
    expect((await stat(configPath(env))).mode & 0o777).toBe(0o600);
    expect(await readConfig(env)).toEqual({
      currentProfile: 'default',
      profiles: { default: { token: 'session-token' } },
    });
  });

  it('reads as empty when missing, and names the file when it is not ours (exit 2)', async () => {
    const env = { XDG_CONFIG_HOME: await tempHome() };
    expect(await readConfig(env)).toEqual({ currentProfile: 'default', profiles: {} });
    await mkdir(configDir(env));
    await writeFile(configPath(env), '{"hello": 1}');
    await expect(readConfig(env)).rejects.toMatchObject({
      exitCode: exitCodes.usage,
      message: expect.stringContaining(configPath(env)),
    });
    expect(await readFile(configPath(env), 'utf8')).toBe('{"hello": 1}');
  });
});

describe('settings in effect', () => {
  const config: ConfigFile = {
    currentProfile: 'prod',
    profiles: {
      prod: {
        url: 'https://deals.example.test',
        apiKey: 'prod-key',
        secret: 'a'.repeat(64),
        token: 't1',
      },
      staging: { url: 'https://staging.example.test' },
    },
  };

  it('takes the environment over the profile, and the profile over the default', () => {
    const settings = resolveSettings(config, undefined, {
      DEALDESK_URL: 'http://127.0.0.1:9999',
      DEALDESK_TOKEN: 'ddk_cron',
    });
    expect(settings.profileName).toBe('prod');
    expect(settings.url).toEqual({ value: 'http://127.0.0.1:9999', source: 'environment' });
    expect(settings.token).toEqual({ value: 'ddk_cron', source: 'environment' });
    expect(settings.apiKey).toEqual({ value: 'prod-key', source: 'profile' });
  });

  it('picks the profile from --profile, then DEALDESK_PROFILE, then the current one', () => {
    expect(resolveSettings(config, 'staging', { DEALDESK_PROFILE: 'prod' }).profileName).toBe(
      'staging',
    );
    expect(resolveSettings(config, undefined, { DEALDESK_PROFILE: 'staging' }).url.value).toBe(
      'https://staging.example.test',
    );
    // A profile asked for that the file lacks is a usage error naming it.
    expect(() => resolveSettings(config, 'new', {})).toThrow('No profile new (--profile)');
    const fresh = resolveSettings({ currentProfile: 'default', profiles: {} }, undefined, {});
    expect(fresh.url).toEqual({ value: defaultServerUrl, source: 'default' });
    expect(fresh.token).toBeNull();
  });

  it('ignores empty variables, and asks for missing keys naming the command to run (exit 2)', () => {
    const settings = resolveSettings(config, 'staging', { DEALDESK_API_KEY: '' });
    expect(() => requireKeys(settings)).toThrow(/dealdesk config set api-key/);
    expect(() =>
      requireKeys({ ...settings, apiKey: { value: 'k', source: 'environment' } }),
    ).toThrow(/DEALDESK_SECRET/);
    try {
      requireKeys(settings);
    } catch (error) {
      expect(error).toMatchObject({ exitCode: exitCodes.usage });
    }
  });
});

describe('concurrent changes', () => {
  it('merges updates made at once: each re-reads the file inside the lock', async () => {
    const env = { XDG_CONFIG_HOME: await tempHome() };
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        updateProfile(env, `p${index}`, (profile) => ({ ...profile, apiKey: `key${index}` })),
      ),
    );
    const config = await readConfig(env);
    expect(Object.keys(config.profiles)).toHaveLength(20);
    expect(config.profiles['p7']).toEqual({ apiKey: 'key7' });
    expect(await readdir(configDir(env))).toEqual(['config.json']);
  });

  it('takes over a lock left by a process that died (older than 10 s)', async () => {
    const env = { XDG_CONFIG_HOME: await tempHome() };
    await mkdir(configDir(env), { recursive: true });
    const lock = `${configPath(env)}.lock`;
    await writeFile(lock, '99999\n');
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);
    await updateProfile(env, 'default', () => ({ apiKey: 'k' }));
    expect((await readConfig(env)).profiles['default']).toEqual({ apiKey: 'k' });
  });
});

describe('server URL', () => {
  it('names the setting that is not an http(s) URL (exit 2)', () => {
    const fromEnv = resolveSettings({ currentProfile: 'default', profiles: {} }, undefined, {
      DEALDESK_URL: 'nonsense',
    });
    expect(() => checkServerUrl(fromEnv)).toThrow(
      'DEALDESK_URL is not a valid http(s) URL: nonsense',
    );
    const fromFile = resolveSettings(
      { currentProfile: 'live', profiles: { live: { url: 'deals.example.com' } } },
      undefined,
      {},
    );
    expect(() => checkServerUrl(fromFile)).toThrow(
      'The url of profile live is not a valid http(s) URL: deals.example.com',
    );
    const good = resolveSettings({ currentProfile: 'default', profiles: {} }, undefined, {});
    expect(checkServerUrl(good)).toBe(good);
  });
});
