// The envelope sealed and opened with crypto-js: synchronous and isomorphic, what the server
// and the CLI use, and the browser's fallback where WebCrypto is missing (loaded only then,
// so the web app's first screen does not carry it: see native.ts).
import CryptoJS from 'crypto-js';
import { jsonOf } from '../format/json-text.js';
import {
  checkKey,
  checkSealed,
  parseOpened,
  requestParts,
  type RequestEnvelope,
  type ResponseEnvelope,
} from './format.js';

function parseKey(keyHex: string): CryptoJS.lib.WordArray {
  checkKey(keyHex);
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
