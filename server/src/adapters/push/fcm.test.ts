import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, defaultPushSettings, loadConfig } from '../../config.js';
import { startFakeFcm, type FakeFcm } from './fake-fcm.js';
import { fcmScope, jwtBearerGrant } from './fcm-auth.js';
import { createFcmPushProvider, type FcmOptions } from './fcm.js';
import { createPushProvider } from './index.js';
import type { PushMessage } from './message.js';

const message: PushMessage = {
  title: 'Diwali sale',
  body: 'Up to 70% off today',
  url: 'https://deals.example.com/diwali',
  imageUrl: 'https://deals.example.com/media/bell.png',
};

describe('FCM HTTP v1 provider', () => {
  let fcm: FakeFcm;
  let now: number;
  let sleeps: number[];

  beforeEach(async () => {
    fcm = await startFakeFcm();
    now = Date.parse('2026-03-01T10:00:00Z');
    sleeps = [];
  });
  afterEach(() => fcm.close());

  const provider = (overrides: Partial<FcmOptions> = {}) =>
    createFcmPushProvider({
      account: fcm.account,
      topic: 'all',
      tokenUrl: fcm.tokenUrl,
      sendUrl: fcm.sendUrl,
      retry: { attempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 },
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...overrides,
    });

  it('exchanges a JWT signed RS256 with the account key, then sends the message to the topic', async () => {
    const result = await provider().send(message);
    expect(result).toEqual({ delivered: true, reference: 'projects/dealdesk-test/messages/1' });

    expect(fcm.exchanges).toHaveLength(1);
    const [exchange] = fcm.exchanges;
    expect(exchange?.signatureValid).toBe(true);
    expect(exchange?.grantType).toBe(jwtBearerGrant);
    expect(exchange?.header).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'key-1' });
    const issuedAt = now / 1000;
    expect(exchange?.claims).toEqual({
      iss: fcm.account.client_email,
      scope: fcmScope,
      aud: fcm.tokenUrl,
      iat: issuedAt,
      exp: issuedAt + 3600,
    });

    expect(fcm.messages).toEqual([
      {
        authorization: 'Bearer token-1',
        body: {
          message: {
            topic: 'all',
            notification: { title: message.title, body: message.body, image: message.imageUrl },
            data: { url: message.url },
          },
        },
      },
    ]);
  });

  it('leaves the image out when there is none, and keeps an empty url as data', async () => {
    await provider({ topic: 'deals' }).send({ ...message, url: '', imageUrl: null });
    expect(fcm.messages[0]?.body).toEqual({
      message: {
        topic: 'deals',
        notification: { title: message.title, body: message.body },
        data: { url: '' },
      },
    });
  });

  it('reuses the token until shortly before it expires', async () => {
    const push = provider();
    await push.send(message);
    now += 3_000_000; // 50 minutes: the 3599 s token is still good
    await push.send(message);
    expect(fcm.exchanges).toHaveLength(1);
    now += 9 * 60_000; // 59 minutes: within the renewal margin
    await push.send(message);
    expect(fcm.exchanges).toHaveLength(2);
    expect(fcm.messages.map((received) => received.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('shares one token exchange between parallel sends', async () => {
    const push = provider();
    const results = await Promise.all([push.send(message), push.send(message), push.send(message)]);
    expect(results.every((result) => result.delivered)).toBe(true);
    expect(fcm.exchanges).toHaveLength(1);
    expect(fcm.messages).toHaveLength(3);
  });

  it('retries rate limits and server errors with growing delays, honouring Retry-After', async () => {
    fcm.scriptSends(
      {
        status: 503,
        body: { error: { code: 503, message: 'Unavailable', status: 'UNAVAILABLE' } },
      },
      {
        status: 429,
        body: { error: { code: 429, message: 'Quota', status: 'RESOURCE_EXHAUSTED' } },
        headers: { 'retry-after': '0.7' },
      },
      { status: 500, body: 'not json' },
    );
    const result = await provider().send(message);
    expect(result).toEqual({ delivered: true, reference: 'projects/dealdesk-test/messages/1' });
    expect(fcm.sendRequests).toHaveLength(4);
    // 100, then Retry-After's 700 over the 200 of the backoff, then 400.
    expect(sleeps).toEqual([100, 700, 400]);
  });

  it('caps the delay and gives up after the last try, saying why', async () => {
    const unavailable = {
      status: 503,
      body: {
        error: {
          code: 503,
          message: 'The service is currently unavailable.',
          status: 'UNAVAILABLE',
        },
      },
      headers: { 'retry-after': '120' },
    };
    fcm.scriptSends(unavailable, unavailable, unavailable, unavailable);
    const result = await provider().send(message);
    expect(result).toEqual({
      delivered: false,
      reason: 'UNAVAILABLE: The service is currently unavailable. (gave up after 4 tries)',
    });
    expect(fcm.sendRequests).toHaveLength(4);
    expect(sleeps).toEqual([1_000, 1_000, 1_000]);
  });

  it.each([
    [404, 'UNREGISTERED', 'NOT_FOUND', 'Requested entity was not found.'],
    [400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'Invalid value at message.notification.image'],
  ])(
    'reports HTTP %i %s at once, without retrying',
    async (status, errorCode, googleStatus, text) => {
      fcm.scriptSends({
        status,
        body: {
          error: {
            code: status,
            message: text,
            status: googleStatus,
            details: [
              { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode },
            ],
          },
        },
      });
      const result = await provider().send(message);
      expect(result).toEqual({ delivered: false, reason: `${errorCode}: ${text}` });
      expect(fcm.sendRequests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    },
  );

  it('exchanges a new token when FCM refuses the cached one', async () => {
    const push = provider();
    await push.send(message);
    fcm.revokeTokens();
    expect(await push.send(message)).toMatchObject({ delivered: true });
    expect(fcm.exchanges).toHaveLength(2);
    expect(fcm.messages.map((received) => received.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('reports a refused token exchange without sending or retrying', async () => {
    fcm.scriptTokens({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
    });
    expect(await provider().send(message)).toEqual({
      delivered: false,
      reason: 'token exchange refused: invalid_grant: Invalid JWT Signature.',
    });
    expect(fcm.exchanges).toHaveLength(1);
    expect(fcm.sendRequests).toHaveLength(0);
  });

  it('is refused by Google when signed with another key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrongKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const result = await provider({ account: { ...fcm.account, private_key: wrongKey } }).send(
      message,
    );
    expect(fcm.exchanges[0]?.signatureValid).toBe(false);
    expect(result).toEqual({
      delivered: false,
      reason: 'token exchange refused: invalid_grant: Invalid JWT Signature.',
    });
  });

  it('retries a token endpoint that is down', async () => {
    fcm.scriptTokens({ status: 502, body: {} });
    expect(await provider().send(message)).toMatchObject({ delivered: true });
    expect(fcm.exchanges).toHaveLength(2);
    expect(sleeps).toEqual([100]);
  });

  it('retries when nothing answers, then gives up', async () => {
    // A port that was free a moment ago: connections are refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise((resolve) => probe.close(resolve));
    const result = await provider({ tokenUrl: `http://127.0.0.1:${port}/token` }).send(message);
    expect(result.delivered).toBe(false);
    expect(!result.delivered && result.reason).toMatch(
      /^token exchange: network error \(.+\) \(gave up after 4 tries\)$/,
    );
    expect(sleeps).toEqual([100, 200, 400]);
  });
});

describe('createPushProvider', () => {
  let dir: string;
  let fcm: FakeFcm;
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    fcm = await startFakeFcm();
  });
  afterAll(() => fcm.close());
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dealdesk-push-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('records the FCM message in the push outbox when no service account is configured', async () => {
    const push = createPushProvider(defaultPushSettings, { dataDir: dir, log });
    expect(push.name).toBe('log');
    const result = await push.send(message);
    const files = await readdir(join(dir, 'push-outbox'));
    expect(files).toHaveLength(1);
    expect(result).toEqual({
      delivered: true,
      reference: `recorded in ${join(dir, 'push-outbox', files[0] ?? '')}`,
    });
    expect(JSON.parse(await readFile(join(dir, 'push-outbox', files[0] ?? ''), 'utf8'))).toEqual({
      message: {
        topic: 'all',
        notification: { title: message.title, body: message.body, image: message.imageUrl },
        data: { url: message.url },
      },
    });
  });

  it('sends through FCM with the service-account file and the configured endpoints', async () => {
    const push = createPushProvider(
      {
        ...defaultPushSettings,
        fcmServiceAccountFile: await fcm.writeAccountFile(dir),
        fcmTokenUrl: fcm.tokenUrl,
        fcmSendUrl: fcm.sendUrl,
        fcmTopic: 'offers',
      },
      { dataDir: dir, log },
    );
    expect(push.name).toBe('fcm');
    expect(await push.send(message)).toMatchObject({ delivered: true });
    expect(fcm.messages.at(-1)?.body).toMatchObject({ message: { topic: 'offers' } });
  });

  it('refuses a file that is not a service account, naming the variable', async () => {
    const file = join(dir, 'wrong.json');
    await writeFile(file, JSON.stringify({ project_id: 'x' }));
    const settings = { ...defaultPushSettings, fcmServiceAccountFile: file };
    expect(() => createPushProvider(settings, { dataDir: dir, log })).toThrow(
      /^DEALDESK_FCM_SERVICE_ACCOUNT: .*wrong\.json is not a service-account file/,
    );
    const missing = { ...defaultPushSettings, fcmServiceAccountFile: join(dir, 'missing.json') };
    expect(() => createPushProvider(missing, { dataDir: dir, log })).toThrow(
      /^DEALDESK_FCM_SERVICE_ACCOUNT: cannot read/,
    );
  });
});

describe('push settings from the environment', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dealdesk-push-config-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('defaults to the log provider, topic all, polling every 15 s', () => {
    expect(loadConfig({ DEALDESK_DATA_DIR: dataDir }).push).toEqual(defaultPushSettings);
  });

  it('reads the FCM variables, resolving the service-account path', () => {
    const config = loadConfig({
      DEALDESK_DATA_DIR: dataDir,
      DEALDESK_FCM_SERVICE_ACCOUNT: 'secrets/firebase.json',
      DEALDESK_FCM_TOPIC: 'deals_india',
      DEALDESK_FCM_TOKEN_URL: 'http://127.0.0.1:9000/token',
      DEALDESK_FCM_SEND_URL: 'http://127.0.0.1:9000/send',
      DEALDESK_PUBLIC_URL: 'https://deals.example.com',
      DEALDESK_PUSH_POLL_SECONDS: '2.5',
    });
    expect(config.publicUrl).toBe('https://deals.example.com');
    expect(config.push).toEqual({
      fcmServiceAccountFile: join(process.cwd(), 'secrets/firebase.json'),
      fcmTopic: 'deals_india',
      fcmTokenUrl: 'http://127.0.0.1:9000/token',
      fcmSendUrl: 'http://127.0.0.1:9000/send',
      pollMs: 2_500,
    });
  });

  it.each([
    ['DEALDESK_FCM_TOPIC', 'all users', 'DEALDESK_FCM_TOPIC must be an FCM topic name'],
    ['DEALDESK_FCM_SEND_URL', 'ftp://x', 'DEALDESK_FCM_SEND_URL must be an http(s) URL'],
    ['DEALDESK_PUBLIC_URL', 'deals.example.com', 'DEALDESK_PUBLIC_URL must be an http(s) URL'],
    ['DEALDESK_PUSH_POLL_SECONDS', '0', 'DEALDESK_PUSH_POLL_SECONDS must be a number of seconds'],
  ])('refuses %s=%j', (name, value, problem) => {
    const load = () => loadConfig({ DEALDESK_DATA_DIR: dataDir, [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(problem);
  });
});
