// The envelope with WebCrypto where the runtime offers it; crypto-js (crypto-js.ts) is loaded
// only where it does not.
import { jsonOf } from '../format/json-text.js';
import {
  checkKey,
  checkSealed,
  parseOpened,
  type RequestEnvelope,
  type ResponseEnvelope,
} from './format.js';

/**
 * WebCrypto when the runtime offers it (Node, and browsers on HTTPS or localhost): native AES,
 * where crypto-js took over a second per 2.4 MB (a 5,000-product import call). Browsers on
 * plain HTTP have no `crypto.subtle`, so crypto-js stays the fallback.
 */
const subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle;
const nativeKeys = new Map<string, Promise<CryptoKey>>();
/** crypto-js, loaded on the first envelope where WebCrypto is missing. */
const fallback = () => import('./crypto-js.js');

const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const bytesOfHex = (hex: string) =>
  new Uint8Array(hex.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);
/** Strict: bytes that are not UTF-8 mean a wrong key or corruption, as crypto-js judges them. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function nativeKey(keyHex: string, webCrypto: SubtleCrypto): Promise<CryptoKey> {
  checkKey(keyHex);
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

/** encryptRequest, native where it can be. */
export async function sealRequest(payload: unknown, keyHex: string): Promise<RequestEnvelope> {
  if (subtle === undefined) return (await fallback()).encryptRequest(payload, keyHex);
  const key = await nativeKey(keyHex, subtle);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const plain = new TextEncoder().encode(jsonOf(payload));
  const sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-CBC', iv }, key, plain));
  return { encryptedData: `${hexOf(iv)}:${base64Of(sealed)}` };
}

/** decryptResponse, native where it can be (same checks, same errors). */
export async function openResponse(envelope: ResponseEnvelope, keyHex: string): Promise<unknown> {
  if (subtle === undefined) return (await fallback()).decryptResponse(envelope, keyHex);
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
