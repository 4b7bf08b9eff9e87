// RFC 6238 time-based one-time codes (what authenticator apps show): HMAC-SHA1 over the count
// of 30-second steps since 1970 (RFC 4226's HOTP), cut to 6 digits. node:crypto only.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { codeLength } from '@dealdesk/core';

export const totpStepSeconds = 30;
/** Codes of one step before and after are accepted too: clocks drift, people type slowly. */
const totpWindow = 1;

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as otpauth:// links carry keys. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += base32Alphabet[(value << (5 - bits)) & 31];
  return text;
}

/** The bytes of a base32 key as an authenticator app reads it (case, spaces, padding ignored). */
export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toUpperCase().replace(/[\s=]/g, '')) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The step a moment falls in. */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / totpStepSeconds);

/** RFC 4226 HOTP of one counter value: dynamic truncation, the last `digits` digits. */
function hotp(key: Uint8Array, counter: number, digits = codeLength): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, '0');
}

/** The code an authenticator app shows at `at`. */
export const totpCode = (key: Uint8Array, at: Date, digits = codeLength): string =>
  hotp(key, totpStep(at), digits);

/**
 * The step whose code `code` is, within one step of `at`'s; null when none matches. The caller
 * refuses a step already used (a code works once).
 */
export function matchingStep(key: Uint8Array, code: string, at: Date): number | null {
  const now = totpStep(at);
  const typed = Buffer.from(code);
  for (let delta = -totpWindow; delta <= totpWindow; delta += 1) {
    const expected = Buffer.from(hotp(key, now + delta));
    if (expected.length === typed.length && timingSafeEqual(expected, typed)) return now + delta;
  }
  return null;
}

/** What an authenticator app set up with the base32 `secret` shows at `at` (tests type it in). */
export const authenticatorCode = (secret: string, at: Date): string =>
  totpCode(base32Decode(secret), at);
