// The encrypted envelope, handled once for every route: JSON bodies arrive as
// {encryptedData} (plain JSON is accepted too, as some calls send it) and every answer
// leaves as {encrypted, iv}: its JSON DEFLATEd first when the caller asks the compact envelope
// (X-Dealdesk-Envelope: 2), plain for the app's calls under DEALDESK_APP_ENVELOPE=off. Media and web files are streams and are never wrapped.
import {
  envelopeJson,
  EnvelopeError,
  isRequestEnvelope,
  jsonOf,
  parseOpened,
  type RequestEnvelope,
  requestParts,
  type ResponseEnvelope,
} from '@dealdesk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import type { EnvelopeKeys } from './envelope-keys.js';
import { HttpError } from './errors.js';
import { addVary, envelopeHeader, formOf } from './wire.js';

const envelopeMessages: Record<EnvelopeError['code'], string> = {
  'bad-key': 'The request could not be decrypted: the envelope key does not match',
  malformed:
    'The request envelope is malformed: expected encryptedData as "<iv hex>:<ciphertext base64>"',
  'decrypt-failed':
    'The request could not be decrypted: the envelope is corrupted or was encrypted with another key',
  'not-json': 'The decrypted request is not JSON',
};

/**
 * The core's encryptResponse, sealed with node:crypto: the same AES-256-CBC and PKCS#7, but
 * native, where crypto-js (the isomorphic core's) takes milliseconds per list page. The IV is
 * fresh unless given (published answers derive theirs from their content: published.ts). Bytes
 * are the compact envelope's DEFLATEd JSON.
 */
export function sealText(
  plain: string | Buffer,
  key: Buffer,
  iv = randomBytes(16),
): ResponseEnvelope {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const bytes = typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain;
  const encrypted = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return { encrypted: encrypted.toString('base64'), iv: iv.toString('hex') };
}

/** Strict: bytes that are not UTF-8 mean a wrong key or corruption, as crypto-js judges them. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The core's decryptRequest, opened with node:crypto (same checks, same errors): crypto-js
 * was about a quarter of a tracking batch's cost, and more of a 10,000-id event update's.
 */
function openRequest(envelope: RequestEnvelope, key: Buffer): { value: unknown; plain: string } {
  const { ivHex, ciphertext } = requestParts(envelope);
  let plain = '';
  const value = parseOpened(() => {
    const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(ivHex, 'hex'));
    const bytes = Buffer.concat([decipher.update(ciphertext, 'base64'), decipher.final()]);
    if (bytes.length === 0) throw new Error('empty plaintext');
    plain = utf8.decode(bytes);
    return plain;
  });
  return { value, plain };
}

/**
 * A JSON body as it arrived: an envelope opened, or plain JSON ('' is no body), with the
 * digest of what was sent (an Idempotency-Key's retry must send the same). HttpError 400 when
 * it is neither.
 */
export function openBody(source: string, key: Buffer): { value: unknown; digest: string } {
  if (source.trim() === '') return { value: undefined, digest: digestOf('') };
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  if (!isRequestEnvelope(parsed)) return { value: parsed, digest: digestOf(source) };
  try {
    const { value, plain } = openRequest(parsed, key);
    return { value, digest: digestOf(plain) };
  } catch (error) {
    if (error instanceof EnvelopeError) throw new HttpError(400, envelopeMessages[error.code]);
    throw error;
  }
}

/** Bodies of this many characters or more are checked off the main thread (body-check.ts). */
export const offThreadBodyChars = 256 * 1024;

/** A large JSON body as it arrived: opened (with the key its request named) and checked once its call is known. */
export class SealedBody {
  constructor(
    readonly text: string,
    readonly key: Buffer,
  ) {}
}

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The digest of each request's JSON body (openBody), for its Idempotency-Key. */
const bodyDigests = new WeakMap<FastifyRequest, string>();
export const bodyDigestOf = (request: FastifyRequest): string | undefined =>
  bodyDigests.get(request);
export const keepBodyDigest = (request: FastifyRequest, digest: string): void => {
  bodyDigests.set(request, digest);
};

export function useEnvelope(
  app: FastifyInstance,
  keys: EnvelopeKeys,
  /** DEALDESK_APP_ENVELOPE: off answers the app's calls as plain JSON. */
  appEnvelope: boolean,
  /** Hears of each request naming the previous key, or one not held (refused). */
  onKeyNamed: (key: 'previous' | 'unknown') => void,
): void {
  // A key id not held is refused before the route's work and its body: nothing could open it.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const key = keys.of(request.headers);
    if (key?.previous === true) onKeyNamed('previous');
    if (key !== null) return;
    onKeyNamed('unknown');
    throw new HttpError(400, keys.unknown(request.headers));
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const source = String(text);
    const key = (keys.of(request.headers) ?? keys.current).bytes;
    // Opened and checked once its call is known, off the main thread.
    if (source.length >= offThreadBodyChars) return done(null, new SealedBody(source, key));
    try {
      const { value, digest } = openBody(source, key);
      keepBodyDigest(request, digest);
      return done(null, value);
    } catch (error) {
      if (error instanceof HttpError) return done(error);
      throw error;
    }
  });
  // A hook rather than a reply serializer: hooks also reach the not-found handler's answers.
  app.addHook('preSerialization', async (request, reply, payload) => {
    const key = keys.of(request.headers);
    const form = formOf(request.url, request.headers, appEnvelope);
    // A key not held is told in plain JSON: the app could open nothing else.
    if (form === 'plain' || key === null) {
      reply.serializer(jsonOf);
      return payload;
    }
    reply.serializer(envelopeJson);
    // The headers chose the envelope and its key: a shared cache must not mix them up.
    addVary(reply, 'X-Dealdesk-Envelope');
    addVary(reply, 'X-Dealdesk-Key');
    if (form === 'sealed') return sealText(jsonOf(payload), key.bytes);
    reply.header(envelopeHeader, '2');
    return sealText(deflateRawSync(jsonOf(payload)), key.bytes);
  });
}
