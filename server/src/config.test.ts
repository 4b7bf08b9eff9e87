import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, defaultAuthSettings, loadConfig } from './config.js';
import { defaultBodyDeadlines } from './http/body-deadlines.js';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dealdesk-config-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({ DEALDESK_DATA_DIR: dataDir });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      dataDir,
      databaseUrl: null,
      smtpUrl: null,
      timeZone: 'Asia/Kolkata',
      scrapeAllowHosts: [],
      trustProxy: false,
      workers: 1,
      contentCacheBytes: 64 * 1024 * 1024,
      appEnvelope: true,
      catalogueMemoryProducts: 2_000_000,
      firstAdmin: { id: 'admin', password: null, email: 'admin@localhost' },
      generatedKeys: { apiKey: true, secret: true },
      auth: defaultAuthSettings,
      bodyDeadlines: { idleMs: 30_000, requestMs: 120_000, uploadMs: 600_000 },
    });
    expect(config.bodyDeadlines).toEqual(defaultBodyDeadlines);
    expect(config.uploadsPerCaller).toBe(4);
    expect(config.mediaMaxPixels).toBe(40_000_000);
    // Passwords hash at scrypt's N=2^15 in every deployment (only tests lower it).
    expect(config.auth.passwordCost).toBe(2 ** 15);
  });

  it('keeps generated development keys in the data dir, so they survive a restart', async () => {
    const first = loadConfig({ DEALDESK_DATA_DIR: dataDir });
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.apiKey.length).toBeGreaterThan(20);
    const again = loadConfig({ DEALDESK_DATA_DIR: dataDir });
    expect([again.apiKey, again.secret]).toEqual([first.apiKey, first.secret]);
    const file = join(dataDir, 'dev-keys.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      apiKey: first.apiKey,
      secret: first.secret,
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('takes keys and settings from the environment, and blank values count as unset', () => {
    const secret = 'ab'.repeat(32);
    const config = loadConfig({
      DEALDESK_DATA_DIR: dataDir,
      PORT: '9090',
      HOST: '',
      DATABASE_URL: 'postgres://u@db/dealdesk',
      DEALDESK_API_KEY: 'key-1',
      DEALDESK_SECRET: secret,
      DEALDESK_ADMIN_ID: 'boss',
      DEALDESK_ADMIN_PASSWORD: 'secret-pw',
      DEALDESK_SCRAPE_ALLOW_HOSTS: 'Shop.Example, ,localhost',
      DEALDESK_SESSION_HOURS: '2',
      DEALDESK_TZ: 'Europe/Paris',
      DEALDESK_WORKERS: '2',
      DEALDESK_CONTENT_CACHE_BYTES: '1048576',
      DEALDESK_CATALOGUE_MEMORY_PRODUCTS: '0',
      DEALDESK_AUTHENTICATOR_TRIES_PER_ADMIN: '3',
      DEALDESK_BODY_IDLE_SECONDS: '5',
      DEALDESK_REQUEST_SECONDS: '0.5',
      DEALDESK_UPLOAD_SECONDS: '900',
      DEALDESK_UPLOADS_PER_CALLER: '8',
      DEALDESK_APP_ENVELOPE: 'off',
      DEALDESK_MEDIA_MAX_PIXELS: '12000000',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db/dealdesk',
      apiKey: 'key-1',
      secret,
      generatedKeys: { apiKey: false, secret: false },
      firstAdmin: { id: 'boss', password: 'secret-pw' },
      scrapeAllowHosts: ['shop.example', 'localhost'],
      timeZone: 'Europe/Paris',
      workers: 2,
      contentCacheBytes: 1048576,
      catalogueMemoryProducts: 0,
      bodyDeadlines: { idleMs: 5000, requestMs: 500, uploadMs: 900_000 },
      uploadsPerCaller: 8,
      appEnvelope: false,
      mediaMaxPixels: 12_000_000,
    });
    expect(config.auth.sessionTtlMs).toBe(2 * 60 * 60 * 1000);
    expect(config.auth.authenticatorTriesPerAdmin).toEqual({ max: 3, windowMs: 15 * 60_000 });
  });

  it('reads every form of DEALDESK_TRUST_PROXY as Fastify takes it', () => {
    const trustProxyOf = (value: string) =>
      loadConfig({ DEALDESK_DATA_DIR: dataDir, DEALDESK_TRUST_PROXY: value }).trustProxy;
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf(' 10.0.0.1, 10.1.0.0/16 ,fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('reads the allowed hosts (lower case) and NODE_ENV, and leaves the list to its default unset', () => {
    const config = loadConfig({
      DEALDESK_DATA_DIR: dataDir,
      DEALDESK_ALLOWED_HOSTS: 'Deals.Example, .cdn.example,[::1],',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      allowedHosts: ['deals.example', '.cdn.example', '[::1]'],
      production: true,
    });
    expect(loadConfig({ DEALDESK_DATA_DIR: dataDir })).toMatchObject({ production: false });
    expect(loadConfig({ DEALDESK_DATA_DIR: dataDir }).allowedHosts).toBeUndefined();
  });

  const trustProxyForms =
    'DEALDESK_TRUST_PROXY must be true, false, a number of proxies, or proxy addresses and CIDR ranges separated by commas';
  const allowedHostsForm =
    'DEALDESK_ALLOWED_HOSTS must be host names separated by commas (a leading dot also allows subdomains; no *)';

  it.each([
    [{ DEALDESK_TRUST_PROXY: 'yes' }, trustProxyForms],
    [{ DEALDESK_TRUST_PROXY: '10.0.0.0/33' }, trustProxyForms],
    [{ DEALDESK_TRUST_PROXY: '10.0.0.1, proxy.internal' }, trustProxyForms],
    [{ DEALDESK_ALLOWED_HOSTS: '*' }, allowedHostsForm],
    [{ DEALDESK_ALLOWED_HOSTS: 'deals.example:8080' }, allowedHostsForm],
    [{ DEALDESK_ALLOWED_HOSTS: 'a b, deals.example' }, allowedHostsForm],
    [{ DEALDESK_ALLOWED_HOSTS: ' , ' }, allowedHostsForm],
    [{ DEALDESK_SECRET: 'not-hex' }, 'DEALDESK_SECRET must be 64 hex characters'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [{ DEALDESK_TZ: 'Mars/Base' }, 'DEALDESK_TZ must be an IANA time zone'],
    [{ DEALDESK_ADMIN_PASSWORD: '12345' }, 'DEALDESK_ADMIN_PASSWORD must be at least 6 characters'],
    [{ PORT: 'eighty' }, 'expected number'],
    [{ DEALDESK_WORKERS: '0' }, 'DEALDESK_WORKERS must be a whole number from 1 to 64'],
    [{ DEALDESK_WORKERS: 'two' }, 'DEALDESK_WORKERS must be a whole number from 1 to 64'],
    [{ DEALDESK_SERVER_KEY: 'ab'.repeat(31) }, 'DEALDESK_SERVER_KEY must be 64 hex characters'],
    [{ DEALDESK_PREVIOUS_SECRET: 'xy' }, 'DEALDESK_PREVIOUS_SECRET must be 64 hex characters'],
    [
      { DEALDESK_SECRET: 'ab'.repeat(32), DEALDESK_PREVIOUS_SECRET: 'AB'.repeat(32) },
      'DEALDESK_PREVIOUS_SECRET must differ from DEALDESK_SECRET',
    ],
    [
      { DEALDESK_CONTENT_CACHE_BYTES: '64MB' },
      'DEALDESK_CONTENT_CACHE_BYTES must be a whole number of bytes',
    ],
    [
      { DEALDESK_CONTENT_CACHE_BYTES: '-1' },
      'DEALDESK_CONTENT_CACHE_BYTES must be a whole number of bytes',
    ],
    [
      { DEALDESK_AUTHENTICATOR_TRIES_PER_ADMIN: '0' },
      'DEALDESK_AUTHENTICATOR_TRIES_PER_ADMIN must be a whole number, 1 or more',
    ],
    [{ DEALDESK_APP_ENVELOPE: 'no' }, 'DEALDESK_APP_ENVELOPE must be on or off'],
    [{ DEALDESK_BODY_IDLE_SECONDS: '0' }, 'DEALDESK_BODY_IDLE_SECONDS must be a number of seconds'],
    [{ DEALDESK_UPLOAD_SECONDS: 'soon' }, 'DEALDESK_UPLOAD_SECONDS must be a number of seconds'],
    [
      { DEALDESK_UPLOADS_PER_CALLER: '17' },
      'DEALDESK_UPLOADS_PER_CALLER must be a whole number from 1 to 16',
    ],
    [
      { DEALDESK_MEDIA_MAX_PIXELS: '40MP' },
      'DEALDESK_MEDIA_MAX_PIXELS must be a whole number of pixels (width × height), at least 1,000,000',
    ],
    [
      { DEALDESK_MEDIA_MAX_PIXELS: '1000' },
      'DEALDESK_MEDIA_MAX_PIXELS must be a whole number of pixels (width × height), at least 1,000,000',
    ],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig({ DEALDESK_DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DEALDESK_DATA_DIR: dataDir, ...env })).toThrow(message);
  });

  it('makes the server key once in the data dir (0600), also when the API key and secret are set', async () => {
    const env = {
      DEALDESK_DATA_DIR: dataDir,
      DEALDESK_API_KEY: 'k',
      DEALDESK_SECRET: 'ab'.repeat(32),
    };
    const first = loadConfig(env);
    expect(first.serverKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.serverKey).not.toBe(first.secret);
    expect(first.generatedKeys).toEqual({ apiKey: false, secret: false, serverKey: true });
    const file = join(dataDir, 'server-key');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.serverKey);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(loadConfig(env).serverKey).toBe(first.serverKey);
  });

  it('takes the server key from DEALDESK_SERVER_KEY and then keeps no file', () => {
    const serverKey = 'cd'.repeat(32);
    const config = loadConfig({ DEALDESK_DATA_DIR: dataDir, DEALDESK_SERVER_KEY: serverKey });
    expect(config.serverKey).toBe(serverKey);
    expect(config.generatedKeys.serverKey).toBe(false);
    expect(existsSync(join(dataDir, 'server-key'))).toBe(false);
  });

  it('refuses a key file that holds no key, rather than making another', async () => {
    await writeFile(join(dataDir, 'server-key'), 'not a key\n');
    expect(() => loadConfig({ DEALDESK_DATA_DIR: dataDir })).toThrow(
      `${join(dataDir, 'server-key')} does not hold a server key (64 hex characters)`,
    );
  });
});
