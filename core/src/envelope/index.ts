// The encrypted envelope of the wire protocol (DESIGN.md): AES-256-CBC with PKCS#7, a
// 32-byte key given as 64 hex characters and a fresh random 16-byte IV per message.
// The key ships inside the web bundle, so this is obfuscation, not security: TLS and the
// bearer token are the security. crypto-js keeps it isomorphic (browser and Node alike).
import CryptoJS from 'crypto-js';
import { jsonOf } from '../format/json-text.js';

/** A request body: `"<iv hex>:<ciphertext base64>"`. */
export interface RequestEnvelope {
  encryptedData: string;
}

/** An answer body: ciphertext in base64, IV in hex. */
export interface ResponseEnvelope {
  encrypted: string;
  iv: string;
}

export type EnvelopeErrorCode = 'bad-key' | 'malformed' | 'decrypt-failed' | 'not-json';

export class EnvelopeError extends Error {
  constructor(
    readonly code: EnvelopeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

const hexKey = /^[0-9a-fA-F]{64}$/;
const hexIv = /^[0-9a-fA-F]{32}$/;
/** A character that is neither a base64 letter (A-Z, a-z, 0-9, + and /) nor its padding. */
const notBase64 = /[^A-Za-z0-9+/=]/;

/**
 * Base64 letters, at most two = at the end, a length a multiple of 4. One search for a wrong
 * character: a loop over each took 15 ms of each 4 MB call of a bulk import, and a regular
 * expression of the whole rule 27 ms; this takes 6.
 */
function isBase64(text: string): boolean {
  if (text.length % 4 !== 0 || notBase64.test(text)) return false;
  const padding = text.indexOf('=');
  return padding === -1 || (padding >= text.length - 2 && text.endsWith('='));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRequestEnvelope(body: unknown): body is RequestEnvelope {
  return isRecord(body) && typeof body['encryptedData'] === 'string';
}

export function isResponseEnvelope(body: unknown): body is ResponseEnvelope {
  return isRecord(body) && typeof body['encrypted'] === 'string' && typeof body['iv'] === 'string';
}

function parseKey(keyHex: string): CryptoJS.lib.WordArray {
  if (!hexKey.test(keyHex))
    throw new EnvelopeError('bad-key', 'The envelope key must be 64 hexadecimal characters');
  return CryptoJS.enc.Hex.parse(keyHex);
}

function seal(payload: unknown, keyHex: string): { ciphertext: string; iv: string } {
  const key = parseKey(keyHex);
  const iv = CryptoJS.lib.WordArray.random(16);
  const sealed = CryptoJS.AES.encrypt(jsonOf(payload), key, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  return { ciphertext: sealed.ciphertext.toString(CryptoJS.enc.Base64), iv: iv.toString() };
}

/** Checks an IV and ciphertext before opening them; throws EnvelopeError 'malformed'. */
function checkSealed(ciphertext: string, ivHex: string): void {
  if (!hexIv.test(ivHex) || ciphertext === '' || !isBase64(ciphertext))
    throw new EnvelopeError(
      'malformed',
      'The envelope is malformed: expected a 32-character hex IV and base64 ciphertext',
    );
}

/** A request envelope's IV and ciphertext, checked; throws EnvelopeError 'malformed'. */
export function requestParts(envelope: RequestEnvelope): { ivHex: string; ciphertext: string } {
  const separator = envelope.encryptedData.indexOf(':');
  if (separator < 0)
    throw new EnvelopeError(
      'malformed',
      'The envelope is malformed: expected encryptedData as "<iv hex>:<ciphertext base64>"',
    );
  const ivHex = envelope.encryptedData.slice(0, separator);
  const ciphertext = envelope.encryptedData.slice(separator + 1);
  checkSealed(ciphertext, ivHex);
  return { ivHex, ciphertext };
}

/**
 * The payload of opened plaintext, given by `decrypt` (which throws on a wrong key or
 * corrupted bytes): JSON, or EnvelopeError 'decrypt-failed' or 'not-json'.
 */
export function parseOpened(decrypt: () => string): unknown {
  let text: string;
  try {
    text = decrypt();
  } catch {
    throw new EnvelopeError(
      'decrypt-failed',
      'The envelope could not be decrypted: it is corrupted or was sealed with another key',
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new EnvelopeError('not-json', 'The decrypted envelope is not JSON');
  }
}

/** Opens a checked IV and ciphertext with crypto-js. */
/** Removes PKCS#7 padding after checking every padding byte; throws when it is not one. */
function unpad(bytes: CryptoJS.lib.WordArray): void {
  const byteAt = (index: number) =>
    ((bytes.words[index >>> 2] ?? 0) >>> (24 - (index % 4) * 8)) & 0xff;
  const total = bytes.sigBytes;
  const padding = total === 0 ? 0 : byteAt(total - 1);
  if (padding < 1 || padding > 16 || padding > total) throw new Error('bad padding');
  for (let index = total - padding; index < total; index += 1)
    if (byteAt(index) !== padding) throw new Error('bad padding');
  if (padding === total) throw new Error('empty plaintext');
  bytes.sigBytes = total - padding;
}

function open(ciphertext: string, ivHex: string, key: CryptoJS.lib.WordArray): unknown {
  return parseOpened(() => {
    const bytes = CryptoJS.AES.decrypt(
      CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Base64.parse(ciphertext) }),
      key,
      {
        iv: CryptoJS.enc.Hex.parse(ivHex),
        mode: CryptoJS.mode.CBC,
        padding: CryptoJS.pad.NoPadding,
      },
    );
    // crypto-js's own unpadding trusts the last byte, so a wrong key could pass as a short
    // plaintext ("7" is JSON): the PKCS#7 padding is checked whole here instead.
    unpad(bytes);
    return bytes.toString(CryptoJS.enc.Utf8);
  });
}

export function encryptRequest(payload: unknown, keyHex: string): RequestEnvelope {
  const { ciphertext, iv } = seal(payload, keyHex);
  return { encryptedData: `${iv}:${ciphertext}` };
}

export function decryptRequest(envelope: RequestEnvelope, keyHex: string): unknown {
  const key = parseKey(keyHex);
  const { ivHex, ciphertext } = requestParts(envelope);
  return open(ciphertext, ivHex, key);
}

export function encryptResponse(payload: unknown, keyHex: string): ResponseEnvelope {
  const { ciphertext, iv } = seal(payload, keyHex);
  return { encrypted: ciphertext, iv };
}

export function decryptResponse(envelope: ResponseEnvelope, keyHex: string): unknown {
  const key = parseKey(keyHex);
  checkSealed(envelope.encrypted, envelope.iv);
  return open(envelope.encrypted, envelope.iv, key);
}

/**
 * WebCrypto when the runtime offers it (Node, and browsers on HTTPS or localhost): native AES,
 * where crypto-js took over a second per 2.4 MB (a 5,000-product import call). Browsers on
 * plain HTTP have no `crypto.subtle`, so crypto-js stays the fallback.
 */
const subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle;
const nativeKeys = new Map<string, Promise<CryptoKey>>();

const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const bytesOfHex = (hex: string) =>
  new Uint8Array(hex.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);
/** Strict: bytes that are not UTF-8 mean a wrong key or corruption, as crypto-js judges them. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function nativeKey(keyHex: string, webCrypto: SubtleCrypto): Promise<CryptoKey> {
  parseKey(keyHex);
  let key = nativeKeys.get(keyHex);
  if (key === undefined) {
    key = webCrypto.importKey('raw', bytesOfHex(keyHex), 'AES-CBC', false, ['encrypt', 'decrypt']);
    // One key per client in practice: the map never grows past a handful.
    nativeKeys.set(keyHex, key);
  }
  return key;
}

/** Node's Buffer, where there is one: native base64 (browsers have none). */
const nodeBuffer = (
  globalThis as {
    Buffer?: {
      from(bytes: Uint8Array): { toString(encoding: 'base64'): string };
      from(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer>;
    };
  }
).Buffer;

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Base64 by table, three bytes at a time, where there is no Buffer: btoa over a binary string
 * took 3 s for 2.4 MB. In Node, Buffer's native base64: this table's strings were most of a
 * 100,000-product import's garbage collection in the CLI.
 */
function base64Of(bytes: Uint8Array): string {
  if (nodeBuffer !== undefined) return nodeBuffer.from(bytes).toString('base64');
  const parts: string[] = [];
  let chunk = '';
  const full = bytes.length - (bytes.length % 3);
  for (let index = 0; index < full; index += 3) {
    const triple =
      ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    chunk +=
      base64Alphabet[triple >> 18] +
      base64Alphabet[(triple >> 12) & 63] +
      base64Alphabet[(triple >> 6) & 63] +
      base64Alphabet[triple & 63];
    if (chunk.length >= 0x4000) {
      parts.push(chunk);
      chunk = '';
    }
  }
  const rest = bytes.length - full;
  if (rest > 0) {
    const triple = ((bytes[full] ?? 0) << 16) | (rest === 2 ? (bytes[full + 1] ?? 0) << 8 : 0);
    chunk +=
      base64Alphabet[triple >> 18] +
      base64Alphabet[(triple >> 12) & 63] +
      (rest === 2 ? base64Alphabet[(triple >> 6) & 63] : '=') +
      '=';
  }
  parts.push(chunk);
  return parts.join('');
}

/** The bytes of checked base64 text (checkSealed). */
function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> {
  if (nodeBuffer !== undefined) return nodeBuffer.from(text, 'base64');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * An envelope as JSON text. Base64 and hex never need escaping, which spares a JSON.stringify
 * pass over the ciphertext (an import call's is 4 MB, a list page's answer tens of kilobytes).
 */
export const envelopeJson = (envelope: RequestEnvelope | ResponseEnvelope): string =>
  'encryptedData' in envelope
    ? `{"encryptedData":"${envelope.encryptedData}"}`
    : `{"encrypted":"${envelope.encrypted}","iv":"${envelope.iv}"}`;

/** encryptRequest, native where it can be. */
export async function sealRequest(payload: unknown, keyHex: string): Promise<RequestEnvelope> {
  if (subtle === undefined) return encryptRequest(payload, keyHex);
  const key = await nativeKey(keyHex, subtle);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const plain = new TextEncoder().encode(jsonOf(payload));
  const sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-CBC', iv }, key, plain));
  return { encryptedData: `${hexOf(iv)}:${base64Of(sealed)}` };
}

/** decryptResponse, native where it can be (same checks, same errors). */
export async function openResponse(envelope: ResponseEnvelope, keyHex: string): Promise<unknown> {
  if (subtle === undefined) return decryptResponse(envelope, keyHex);
  const key = await nativeKey(keyHex, subtle);
  checkSealed(envelope.encrypted, envelope.iv);
  let plain: ArrayBuffer;
  try {
    // WebCrypto checks the whole PKCS#7 padding and throws when it is wrong.
    plain = await subtle.decrypt(
      { name: 'AES-CBC', iv: bytesOfHex(envelope.iv) },
      key,
      bytesOfBase64(envelope.encrypted),
    );
  } catch {
    plain = new ArrayBuffer(0);
  }
  return parseOpened(() => {
    if (plain.byteLength === 0) throw new Error('bad padding or empty plaintext');
    return strictUtf8.decode(plain);
  });
}
