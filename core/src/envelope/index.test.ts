import { createCipheriv, createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JsonText } from '../format/json-text.js';
import {
  decryptRequest,
  decryptResponse,
  encryptRequest,
  encryptResponse,
  envelopeJson,
  EnvelopeError,
  isRequestEnvelope,
  isResponseEnvelope,
  openResponse,
  sealRequest,
} from './index.js';

const key = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const otherKey = 'ff'.repeat(32);

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof EnvelopeError) return error.code;
    throw error;
  }
  throw new Error('expected an EnvelopeError');
}

describe('envelope', () => {
  it('round-trips requests and answers, unicode included', () => {
    const payload = { status: true, message: 'नमस्ते ✓ €', list: [1, null, 'x'] };
    expect(decryptRequest(encryptRequest(payload, key), key)).toEqual(payload);
    expect(decryptResponse(encryptResponse(payload, key), key)).toEqual(payload);
  });

  it('uses a fresh IV for every message', () => {
    const a = encryptResponse({ a: 1 }, key);
    const b = encryptResponse({ a: 1 }, key);
    expect(a.iv).not.toBe(b.iv);
    expect(a.encrypted).not.toBe(b.encrypted);
    expect(a.iv).toMatch(/^[0-9a-f]{32}$/);
  });

  it('matches a fixed AES-256-CBC vector computed by node:crypto', () => {
    const iv = '0f0e0d0c0b0a09080706050403020100';
    const plaintext = '{"status":true,"message":"ok"}';
    const cipher = createCipheriv('aes-256-cbc', Buffer.from(key, 'hex'), Buffer.from(iv, 'hex'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    expect(ciphertext.toString('base64')).toBe('Wdgxe5IvsMKUjC+YUDYDWq4jCzOkRNhtkszOI377iHw=');
    expect(decryptResponse({ encrypted: ciphertext.toString('base64'), iv }, key)).toEqual({
      status: true,
      message: 'ok',
    });
    expect(
      decryptRequest({ encryptedData: `${iv}:${ciphertext.toString('base64')}` }, key),
    ).toEqual({ status: true, message: 'ok' });
  });

  it('produces what node:crypto decrypts', () => {
    const sealed = encryptRequest({ a_id: 'admin' }, key);
    const [iv = '', ciphertext = ''] = sealed.encryptedData.split(':');
    const decipher = createDecipheriv(
      'aes-256-cbc',
      Buffer.from(key, 'hex'),
      Buffer.from(iv, 'hex'),
    );
    const text = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
    expect(JSON.parse(text)).toEqual({ a_id: 'admin' });
  });

  it('writes both shapes as JSON.stringify does, payloads as JsonText included', async () => {
    const request = await sealRequest({ rows: new JsonText('[{"a":"é"}]'), n: 1 }, key);
    const answer = encryptResponse({ status: true, message: 'ok' }, key);
    for (const envelope of [request, answer])
      expect(envelopeJson(envelope)).toBe(JSON.stringify(envelope));
    expect(decryptRequest(request, key)).toEqual({ rows: [{ a: 'é' }], n: 1 });
  });

  it('recognises both shapes', () => {
    expect(isRequestEnvelope({ encryptedData: 'x' })).toBe(true);
    expect(isRequestEnvelope({ encrypted: 'x' })).toBe(false);
    expect(isRequestEnvelope(['x'])).toBe(false);
    expect(isResponseEnvelope({ encrypted: 'x', iv: 'y' })).toBe(true);
    expect(isResponseEnvelope({ encrypted: 'x' })).toBe(false);
    expect(isResponseEnvelope(null)).toBe(false);
  });

  it('names every failure', () => {
    const sealed = encryptResponse({ a: 1 }, key);
    expect(codeOf(() => encryptRequest({}, 'short'))).toBe('bad-key');
    expect(codeOf(() => decryptResponse(sealed, 'zz'.repeat(32)))).toBe('bad-key');
    expect(codeOf(() => decryptRequest({ encryptedData: 'no-separator' }, key))).toBe('malformed');
    expect(codeOf(() => decryptResponse({ encrypted: sealed.encrypted, iv: 'abc' }, key))).toBe(
      'malformed',
    );
    // Not base64: a wrong length, a letter outside the alphabet, = other than at the end.
    for (const encrypted of ['***', 'AAA*', 'AAAé', 'AA=A', 'A===', '=AAA'])
      expect(codeOf(() => decryptResponse({ encrypted, iv: sealed.iv }, key))).toBe('malformed');
    expect(codeOf(() => decryptResponse(sealed, otherKey))).toMatch(/decrypt-failed|not-json/);
    const flipped = Buffer.from(sealed.encrypted, 'base64');
    flipped[flipped.length - 1] = (flipped[flipped.length - 1] ?? 0) ^ 0xff;
    expect(
      codeOf(() => decryptResponse({ encrypted: flipped.toString('base64'), iv: sealed.iv }, key)),
    ).toMatch(/decrypt-failed|not-json/);
    const cipher = createCipheriv('aes-256-cbc', Buffer.from(key, 'hex'), Buffer.alloc(16));
    const notJson = Buffer.concat([cipher.update('plain words'), cipher.final()]);
    expect(
      codeOf(() =>
        decryptResponse({ encrypted: notJson.toString('base64'), iv: '00'.repeat(16) }, key),
      ),
    ).toBe('not-json');
  });

  it('never lets a wrong key through across many attempts', () => {
    for (let i = 0; i < 5_000; i += 1) {
      const sealed = encryptResponse({ i }, key);
      expect(codeOf(() => decryptResponse(sealed, otherKey))).toMatch(/decrypt-failed|not-json/);
    }
  });

  it('seals and opens natively (WebCrypto) what crypto-js and node:crypto open and seal', async () => {
    const payload = { title: 'नमस्ते ✓ €', rows: Array.from({ length: 3_000 }, (_, i) => i) };
    const sealed = await sealRequest(payload, key);
    expect(decryptRequest(sealed, key)).toEqual(payload);
    const [iv = '', ciphertext = ''] = sealed.encryptedData.split(':');
    expect(iv).toMatch(/^[0-9a-f]{32}$/);
    const decipher = createDecipheriv(
      'aes-256-cbc',
      Buffer.from(key, 'hex'),
      Buffer.from(iv, 'hex'),
    );
    const text = Buffer.concat([decipher.update(ciphertext, 'base64'), decipher.final()]);
    expect(JSON.parse(text.toString('utf8'))).toEqual(payload);
    expect(await openResponse(encryptResponse(payload, key), key)).toEqual(payload);
    expect((await sealRequest({}, key)).encryptedData).not.toBe(
      (await sealRequest({}, key)).encryptedData,
    );
  });

  it('names the same failures when opening natively', async () => {
    const failed = async (run: () => Promise<unknown>) =>
      run().then(
        () => 'opened',
        (error: unknown) => (error instanceof EnvelopeError ? error.code : 'other'),
      );
    const sealed = encryptResponse({ a: 1 }, key);
    expect(await failed(() => sealRequest({}, 'short'))).toBe('bad-key');
    expect(await failed(() => openResponse({ encrypted: sealed.encrypted, iv: 'abc' }, key))).toBe(
      'malformed',
    );
    for (let i = 0; i < 200; i += 1)
      expect(await failed(() => openResponse(encryptResponse({ i }, key), otherKey))).toMatch(
        /decrypt-failed|not-json/,
      );
    const cipher = createCipheriv('aes-256-cbc', Buffer.from(key, 'hex'), Buffer.alloc(16));
    const notJson = Buffer.concat([cipher.update('plain words'), cipher.final()]);
    expect(
      await failed(() =>
        openResponse({ encrypted: notJson.toString('base64'), iv: '00'.repeat(16) }, key),
      ),
    ).toBe('not-json');
  });
});
