// Two server processes on one PostgreSQL, as behind a load balancer: this test's in-process
// server and the built server in a process of its own, each with its own data folder. What one
// starts, counts, stores or changes holds on the other (media in one S3-compatible bucket).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPushSettings } from '../config.js';
import {
  clientFor,
  createTestAdmin,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { builtServer, startServerProcess, type ServerProcess } from '../testing/processes.js';
import { s3Credentials, startS3 } from '../testing/s3.js';
import { addImageStory, sample } from '../modules/stories/testing.js';

describe.skipIf(!existsSync(builtServer))('two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let inProcess: TestServer;
  let other: ServerProcess;
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    s3 = await startS3();
    const bucket = await s3.bucket();
    inProcess = await startTestServer(
      testConfig(database, { push: { ...defaultPushSettings, pollMs: 100 }, s3: bucket }),
    );
    other = await startServerProcess(inProcess.config, {
      env: {
        DEALDESK_PUSH_POLL_SECONDS: '0.1',
        DEALDESK_S3_BUCKET: bucket.bucket,
        DEALDESK_S3_ENDPOINT: s3.endpoint,
        DEALDESK_S3_FORCE_PATH_STYLE: 'true',
        ...s3Credentials,
      },
    });
  });
  afterAll(async () => {
    await other.stop();
    await inProcess.close();
    await s3.stop();
    await database.drop();
  });

  /** A client of the other process, with a token of the test's choosing. */
  const otherClient = (token: string | null) =>
    clientFor({ ...inProcess, baseUrl: other.baseUrl }, () => token);

  it('takes a session started on one on the other, and ends it on both', async () => {
    const admin = await createTestAdmin(inProcess);
    const token = await signIn(inProcess, admin);
    expect((await otherClient(token).admin.adminData()).data?.a_id).toBe(admin.a_id);
    expect(await otherClient(token).admin.logout()).toMatchObject({ status: true });
    expect(await clientFor(inProcess, () => token).admin.adminData()).toMatchObject({
      httpStatus: 401,
    });
  });

  it('serves an image uploaded through one from the other (one bucket)', async () => {
    const token = await signIn(inProcess, await createTestAdmin(inProcess));
    const image = sample('jpg');
    const added = await addImageStory(
      clientFor(inProcess, () => token),
      image,
    );
    const served = await fetch(`${other.baseUrl}${added.data?.image ?? ''}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(image.data as Uint8Array));
  });

  it('counts sign-in attempts on one admin ID across both', async () => {
    const admin = await createTestAdmin(inProcess);
    const wrong = { a_id: admin.a_id, a_password: 'not-the-password' };
    const here = clientFor(inProcess);
    const there = otherClient(null);
    // Five wrong tries from one address are allowed (three here, two there); the sixth is not.
    for (const client of [here, there, here, there, here])
      expect((await client.admin.login(wrong)).httpStatus).toBe(401);
    expect((await there.admin.login(wrong)).httpStatus).toBe(429);
  });

  it('pushes a scheduled notification once, whichever process finds it due', async () => {
    const token = await signIn(inProcess, await createTestAdmin(inProcess));
    const admin = clientFor(inProcess, () => token);
    const sendAt = new Date(inProcess.clock.now().getTime() + 1_500).toISOString();
    const title = `Flash sale ${randomBytes(3).toString('hex')}`;
    expect(
      await admin.notifications.send({ title, message: 'Soon', url: '', sendAt }),
    ).toMatchObject({ status: true });
    const delivery = async () =>
      (await admin.notifications.history()).data?.find((notice) => notice.n_title === title)
        ?.delivery.state;
    await expect.poll(delivery, { timeout: 10_000, interval: 100 }).toBe('sent');
    // Wait two more polls of each process: still one push between them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const outboxes = [inProcess.config.dataDir, other.dataDir].map((dir) =>
      join(dir, 'push-outbox'),
    );
    const pushed = await Promise.all(
      outboxes.map(async (dir) => (existsSync(dir) ? (await readdir(dir)).length : 0)),
    );
    expect(pushed.reduce((sum, count) => sum + count, 0)).toBe(1);
  });

  it('shows a content change made on one in the other’s content API within a second', async () => {
    const token = await signIn(inProcess, await createTestAdmin(inProcess));
    const changed = `Terms ${randomBytes(3).toString('hex')}`;
    await clientFor(inProcess, () => token).policy.updateTerms({
      terms_title: changed,
      terms_description: 'Read them.',
    });
    await expect
      .poll(async () => (await otherClient(null).app.terms()).data?.title, {
        timeout: 1_000,
        interval: 20,
      })
      .toBe(changed);
  });
});
