import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchingStep, totpCode, totpStep } from './totp.js';

// RFC 6238 appendix B: the SHA-1 key is the ASCII of "12345678901234567890", 8 digits.
const rfcKey = Buffer.from('12345678901234567890', 'ascii');
const rfcVectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(rfcVectors)('gives the RFC test vector at %i s', (seconds, code) => {
    expect(totpCode(rfcKey, new Date(seconds * 1000), 8)).toBe(code);
  });

  it('shows six digits, the last six of the eight', () => {
    expect(totpCode(rfcKey, new Date(59_000))).toBe('287082');
  });

  it('accepts the codes of one step either side, and names the step matched', () => {
    const at = new Date(1111111111_000);
    const step = totpStep(at);
    for (const delta of [-1, 0, 1]) {
      const code = totpCode(rfcKey, new Date((step + delta) * 30_000));
      expect(matchingStep(rfcKey, code, at)).toBe(step + delta);
    }
    for (const delta of [-2, 2]) {
      const code = totpCode(rfcKey, new Date((step + delta) * 30_000));
      expect(matchingStep(rfcKey, code, at)).toBeNull();
    }
  });

  it('encodes keys in RFC 4648 base32 without padding', () => {
    // RFC 4648 section 10's vectors, padding dropped.
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [text, encoded] of vectors) {
      expect(base32Encode(Buffer.from(text))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(text);
    }
    expect(base32Encode(rfcKey)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });
});
