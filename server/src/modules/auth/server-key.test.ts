// Authenticator keys and recovery codes are sealed under the server-only key (issue 35): what
// /config.js serves to anyone, with a copy of the database, opens no key and tests no recovery
// code, while the server still signs in with both; keys sealed under the envelope secret before
// are sealed again at start. The attacker's side is written here with node:crypto alone, as the
// key was sealed before (HKDF of a served key, AES-256-GCM), not with the server's own code.
import { normalizeRecoveryCode } from '@dealdesk/core';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testClock,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { authenticatorCode, base32Encode, totpStepSeconds } from './totp.js';

const step = totpStepSeconds * 1000;
const start = new Date('2026-03-02T09:00:10.000Z');
const purposes = ['dealdesk/authenticator-key/v1', 'dealdesk/authenticator-key/v2'];
const recoveryPurposes = ['dealdesk/recovery-codes/v1', 'dealdesk/recovery-codes/v2'];

const derive = (key: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(key, 'hex'), Buffer.alloc(0), purpose, 32));

/** `<version>.<nonce>.<ciphertext>.<tag>` opened with `key`, whatever its version says. */
function openWith(key: Buffer, adminId: string, sealed: string): Buffer {
  const [, nonce = '', ciphertext = '', tag = ''] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'))
    .setAAD(Buffer.from(adminId))
    .setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
}

/** A key as the server sealed it before the server key: `v1`, under the envelope secret. */
function sealedTheOldWay(secret: string, adminId: string, key: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(secret, purposes[0] ?? ''), nonce);
  cipher.setAAD(Buffer.from(adminId));
  const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
  return ['v1', nonce, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

const hmacHex = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');

/** What /config.js serves to anyone: every value of `window.dealdeskConfig`. */
async function servedValues(server: TestServer): Promise<string[]> {
  const script = await (await fetch(`${server.baseUrl}/config.js`)).text();
  const window: { dealdeskConfig?: Record<string, string> } = {};
  new Function('window', script)(window);
  return Object.values(window.dealdeskConfig ?? {});
}

describe.each(dialects)('the server-only key on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeEach(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database), () => {}, testClock(start));
  });
  afterEach(async () => {
    await server.close();
    await database.drop();
  });

  const adminIdOf = async (loginId: string) =>
    (
      await server.app.dealdesk.context.db
        .selectFrom('admins')
        .select('id')
        .where('a_id', '=', loginId)
        .executeTakeFirstOrThrow()
    ).id;
  const storedOf = (adminId: string) =>
    server.app.dealdesk.context.db
      .selectFrom('admin_authenticators')
      .select('secret')
      .where('admin_id', '=', adminId)
      .executeTakeFirstOrThrow();
  const storedCodesOf = async (adminId: string) =>
    (
      await server.app.dealdesk.context.db
        .selectFrom('admin_recovery_codes')
        .select('code_hash')
        .where('admin_id', '=', adminId)
        .execute()
    ).map((row) => row.code_hash);

  /** Sign-in step 1, then `otp` as step 2; answers step 2's answer. */
  async function signInWith(admin: { a_id: string; password: string }, otp: string) {
    let token: string | null = null;
    const api = clientFor(server, () => token);
    token = (await api.admin.login({ a_id: admin.a_id, a_password: admin.password })).token ?? null;
    return api.admin.loginOtp({ otp });
  }

  it('opens no sealed key and tests no recovery code with the database and what /config.js serves', async () => {
    const admin = await createTestAdmin(server);
    const session = await signIn(server, admin);
    const api = clientFor(server, () => session);
    const setup = await api.admin.authenticatorSetup();
    const key = setup.secret ?? '';
    const confirmed = await api.admin.authenticatorConfirm({
      code: authenticatorCode(key, server.clock.now()),
    });
    expect(confirmed.status).toBe(true);
    const adminId = await adminIdOf(admin.a_id);
    const { secret: sealed } = await storedOf(adminId);
    const storedCodes = await storedCodesOf(adminId);

    const served = await servedValues(server);
    expect(served).toContain(server.config.secret);
    for (const value of served) {
      for (const purpose of purposes)
        expect(() => openWith(derive(value, purpose), adminId, sealed ?? '')).toThrow();
      for (const purpose of recoveryPurposes)
        for (const code of confirmed.recoveryCodes ?? []) {
          const guess = hmacHex(
            derive(value, purpose),
            `${adminId}:${normalizeRecoveryCode(code)}`,
          );
          expect(storedCodes.join(' ')).not.toContain(guess);
        }
    }

    // The server itself still opens the key.
    server.clock.advance(step);
    const code = authenticatorCode(key, server.clock.now());
    expect((await signInWith(admin, code)).status).toBe(true);
  });

  it('seals again at start a key and recovery codes kept under the envelope secret, and signs in with them', async () => {
    const admin = await createTestAdmin(server);
    const adminId = await adminIdOf(admin.a_id);
    const key = randomBytes(20);
    const recoveryCode = 'abcde-fghjk';
    const legacyHash = hmacHex(
      derive(server.config.secret, recoveryPurposes[0] ?? ''),
      `${adminId}:${normalizeRecoveryCode(recoveryCode)}`,
    );
    const now = server.clock.now().toISOString();
    const { db } = server.app.dealdesk.context;
    await db
      .insertInto('admin_authenticators')
      .values({
        admin_id: adminId,
        secret: sealedTheOldWay(server.config.secret, adminId, key),
        pending_secret: null,
        enabled_at: now,
        last_step: null,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('admin_recovery_codes')
      .values({
        id: randomBytes(12).toString('hex'),
        admin_id: adminId,
        code_hash: legacyHash,
        used_at: null,
        created_at: now,
      })
      .execute();

    await server.close();
    server = await startTestServer(server.config, () => {}, server.clock);
    const { secret: resealed } = await storedOf(adminId);
    expect(() =>
      openWith(derive(server.config.secret, purposes[0] ?? ''), adminId, resealed ?? ''),
    ).toThrow();
    expect(await storedCodesOf(adminId)).not.toContain(legacyHash);
    // A second start finds nothing left to seal again.
    await server.close();
    server = await startTestServer(server.config, () => {}, server.clock);
    expect((await storedOf(adminId)).secret).toBe(resealed);

    const code = authenticatorCode(base32Encode(key), server.clock.now());
    expect((await signInWith(admin, code)).status).toBe(true);
    expect((await signInWith(admin, recoveryCode)).status).toBe(true);
  });
});
