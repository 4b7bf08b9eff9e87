// The router's actor scope and audit checks, on a bare Fastify instance: each call sees its own
// caller, client and address; with answer checks on, an administrator's write that succeeded
// without an audit entry fails, unless its declaration says it changes nothing.
import { endpoint, noFields } from '@dealdesk/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMetrics } from '../operations/metrics.js';
import { currentActor, type Actor } from './actor.js';
import { contentKeys } from './content-key.js';
import { contentMemory } from './content-memory.js';
import { envelopeKeys } from './envelope-keys.js';
import { frontCache } from './front-cache.js';
import { bodyChecker } from './body-check.js';
import { createApiRouter } from './route.js';
import { uploadSpool } from './uploads.js';

const write = (path: string, audited?: false) =>
  endpoint({
    method: 'DELETE',
    path,
    access: 'admin',
    role: 'editor',
    summary: 'A test write',
    answer: noFields,
    message: 'Done',
    ...(audited === undefined ? {} : { audited }),
  });

const seen = endpoint({
  method: 'GET',
  path: '/seen',
  access: 'admin',
  role: 'viewer',
  summary: 'Who the call runs as',
  answer: z.object({ actor: z.unknown() }),
  message: 'Seen',
});

describe('the actor scope and the audit checks', () => {
  let app: FastifyInstance;
  let spool: string;
  beforeAll(async () => {
    spool = await mkdtemp(join(tmpdir(), 'dealdesk-actor-'));
    app = Fastify();
    const guard = async () => ({
      adminId: '0123456789abcdef01234567',
      tokenId: '76543210fedcba9876543210',
      via: 'session' as const,
      role: 'owner' as const,
      scope: 'write' as const,
    });
    const metrics = createMetrics();
    const sealing = envelopeKeys('0'.repeat(64), null);
    const api = createApiRouter(app, guard, (_call, run) => run(), {
      checkAnswers: true,
      envelopeKeys: sealing,
      front: frontCache('key', 'no-store', {
        metrics,
        memory: contentMemory(1024 * 1024, metrics),
        keys: contentKeys({ publicUrl: null, trustProxy: false }),
        envelopeKeys: sealing,
        appEnvelope: true,
      }),
      uploads: uploadSpool(spool),
      bodies: bodyChecker(() => {}),
    });
    api.implement(write('/unrecorded'), { handler: async () => ({}) });
    api.implement(write('/recorded'), {
      handler: async () => {
        // What auditTrail(context).record does once its row is written.
        (currentActor() as Actor).recorded += 1;
        return {};
      },
    });
    api.implement(write('/preview', false), { handler: async () => ({}) });
    api.implement(seen, { handler: async () => ({ actor: { ...currentActor() } }) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(spool, { recursive: true, force: true });
  });

  it('runs each call as its caller, from its client and address', async () => {
    const as = async (agent: string) =>
      (
        (await app.inject({ url: '/seen', headers: { 'user-agent': agent } })).json() as {
          actor: Actor;
        }
      ).actor;
    expect(await as('Mozilla/5.0 (X11; Linux x86_64)')).toEqual({
      adminId: '0123456789abcdef01234567',
      tokenId: '76543210fedcba9876543210',
      via: 'session',
      client: 'web',
      address: '127.0.0.1',
      needs: 'viewer',
      recorded: 0,
    });
    expect((await as('dealdesk-cli/1.0.0')).client).toBe('cli');
    expect((await as('python-requests/2.32')).client).toBe('other');
  });

  it('fails a write that recorded no entry, and passes one that did or changes nothing', async () => {
    const unrecorded = await app.inject({ method: 'DELETE', url: '/unrecorded' });
    expect(unrecorded.statusCode).toBe(500);
    expect(unrecorded.json()).toMatchObject({
      message:
        'DELETE /unrecorded changed data but wrote no audit entry (or declare audited: false)',
    });
    expect((await app.inject({ method: 'DELETE', url: '/recorded' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/preview' })).statusCode).toBe(200);
  });
});
