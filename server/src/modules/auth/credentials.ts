// Secrets at rest: passwords through scrypt (memory-hard), tokens and one-time codes through
// SHA-256 (they are random and short-lived, so a fast hash is enough), compared in constant time.
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { codeLength } from '@dealdesk/core';

// N comes from the auth settings; the parameters are stored with each hash so they can grow.
const blockSize = 8;
const keyLength = 32;

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password,
      salt,
      keyLength,
      { ...params, maxmem: 256 * params.N * params.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$key` (base64url parts); `N` is scrypt's cost. */
export async function hashPassword(password: string, N: number): Promise<string> {
  const salt = randomBytes(16);
  const cost = { N, r: blockSize, p: 1 };
  const key = await derive(password, salt, cost);
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A new bearer token (shown once) and the hash that is stored. */
export function newToken(prefix = ''): { token: string; hash: string } {
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A random six-digit code, leading zeros kept. */
export function newCode(): string {
  return randomInt(10 ** codeLength)
    .toString()
    .padStart(codeLength, '0');
}

/** Codes are hashed with their token's id, so equal codes never share a hash. */
export function hashCode(tokenId: string, code: string): string {
  return createHash('sha256').update(`${tokenId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A readable generated password for the first admin (printed once). */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
