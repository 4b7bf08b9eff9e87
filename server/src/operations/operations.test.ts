// What an operator's probes and Prometheus see: /health, /ready with what is down, /metrics
// with its token, on a real server over HTTP.
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackBatchInput } from '@dealdesk/core';
import {
  clientFor,
  createTestAdmin,
  dialects,
  signIn,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { trackableItem } from '../modules/tracking/testing.js';

const metricsToken = 'metrics-token-for-tests';

describe.each(dialects)('health, readiness and metrics on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database, { metricsToken }));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const ask = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers });
    return { status: response.status, text: await response.text() };
  };
  const ready = async () =>
    JSON.parse((await ask('/ready')).text) as {
      ready: boolean;
      checks: Record<string, string>;
    };

  it('answers /health without the API key', async () => {
    expect(await ask('/health')).toEqual({ status: 200, text: '{"status":"ok"}' });
  });

  it('is ready once the database, migrations, media and memories are', async () => {
    await expect.poll(async () => (await ask('/ready')).status, { timeout: 10_000 }).toBe(200);
    expect(await ready()).toEqual({
      ready: true,
      checks: {
        database: 'ok',
        migrations: 'ok',
        media: 'ok',
        'catalogue memory': 'ok',
        'totals memory': 'ok',
      },
    });
  });

  it('answers 503 naming the media store when files cannot be stored', async () => {
    const mediaDir = join(server.config.dataDir, 'media');
    await rm(mediaDir, { recursive: true, force: true });
    await writeFile(mediaDir, 'a file where the media folder should be');
    try {
      expect((await ask('/ready')).status).toBe(503);
      const { ready: isReady, checks } = await ready();
      expect(isReady).toBe(false);
      expect(checks.media).toMatch(/EEXIST|ENOTDIR/);
      expect(checks.database).toBe('ok');
      expect(JSON.stringify(checks)).not.toContain(server.config.secret);
    } finally {
      await rm(mediaDir, { force: true });
      await mkdir(mediaDir);
    }
    expect((await ask('/ready')).status).toBe(200);
  });

  it('shows requests per route and status, tracked events and memory sizes to the token only', async () => {
    expect((await ask('/metrics')).status).toBe(401);
    expect((await ask('/metrics', { authorization: 'Bearer wrong' })).status).toBe(401);

    const app = clientFor(server);
    await app.app.home();
    await app.app.home(); // the second from memory, before Fastify
    const banner = await trackableItem(server.app.dealdesk.context.db, 'banner');
    const accepted = await app.tracking.track({
      events: [
        { kind: 'banner', id: banner, event: 'view' },
        { kind: 'banner', id: banner, event: 'click' },
        { kind: 'banner', id: '0123456789abcdef01234567', event: 'click' },
        { kind: 'banner', id: banner, event: 'share' },
      ] as TrackBatchInput['events'],
    });
    expect(accepted).toMatchObject({
      status: true,
      accepted: 2,
      rejected: [
        { index: 2, field: 'id' },
        { index: 3, field: 'event' },
      ],
    });

    const { status, text } = await ask('/metrics', { authorization: `Bearer ${metricsToken}` });
    expect(status).toBe(200);
    expect(text).toContain(
      'dealdesk_http_requests_total{method="GET",route="/api/v1/app/home",status="200"} 2',
    );
    expect(text).toContain(
      'dealdesk_http_requests_total{method="POST",route="/api/App/track",status="200"} 1',
    );
    expect(text).toMatch(/dealdesk_http_request_duration_seconds_bucket\{le="0\.1",method="GET"/);
    expect(text).toContain('dealdesk_tracked_events_accepted_total 2');
    expect(text).toContain('dealdesk_tracked_events_rejected_total{reason="unknown_id"} 1');
    expect(text).toContain('dealdesk_tracked_events_rejected_total{reason="malformed"} 1');
    expect(text).toMatch(/dealdesk_catalogue_memory_products \d+/);
    expect(text).toMatch(/dealdesk_totals_memory_items \d+/);
    expect(text).toContain('dealdesk_process_resident_memory_bytes');
    expect(text).toMatch(/dealdesk_tracking_commit_events_sum [1-9]/);
    expect(text).toContain('dealdesk_tracking_queue_events 0');
  });

  it('names the Node.js it runs on: the line pinned in .node-version', async () => {
    const pinned = readFileSync(new URL('../../../.node-version', import.meta.url), 'utf8');
    const { text } = await ask('/metrics', { authorization: `Bearer ${metricsToken}` });
    const major = /dealdesk_nodejs_version_info\{[^}]*major="(\d+)"/.exec(text)?.[1];
    expect(major).toBe(pinned.split('.')[0]);
  });

  it('counts mails and pushes by outcome', async () => {
    const metric = async (line: RegExp) => {
      const { text } = await ask('/metrics', { authorization: `Bearer ${metricsToken}` });
      return Number(line.exec(text)?.[1] ?? 0);
    };
    const mails = /dealdesk_mails_total\{outcome="sent"\} (\d+)/;
    const pushes = /dealdesk_pushes_total\{outcome="sent"\} (\d+)/;
    const [mailsBefore, pushesBefore] = [await metric(mails), await metric(pushes)];
    // Signing in mails a code; a notification sent now goes to the (logging) push provider.
    const token = await signIn(server, await createTestAdmin(server));
    const admin = clientFor(server, () => token);
    expect(
      await admin.notifications.send({ title: 'Sale', message: 'Today only', url: '' }),
    ).toMatchObject({ status: true });
    expect(await metric(mails)).toBe(mailsBefore + 1);
    expect(await metric(pushes)).toBe(pushesBefore + 1);
  });
});
