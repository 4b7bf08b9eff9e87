import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './credentials.js';

describe('password hashes', () => {
  it('keep the cost they were made with, and verify with it after the setting changes', async () => {
    const cheap = await hashPassword('correct horse', 2 ** 10);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    const dear = await hashPassword('correct horse', 2 ** 14);
    expect(dear).toMatch(/^scrypt\$16384\$8\$1\$/);
    for (const stored of [cheap, dear]) {
      expect(await verifyPassword('correct horse', stored)).toBe(true);
      expect(await verifyPassword('correct horsE', stored)).toBe(false);
    }
  });

  it('salt every hash: one password twice gives two hashes', async () => {
    const [first, second] = await Promise.all([
      hashPassword('same password', 2 ** 10),
      hashPassword('same password', 2 ** 10),
    ]);
    expect(first).not.toBe(second);
  });

  it('refuse a stored value of another scheme', async () => {
    expect(await verifyPassword('anything', 'bcrypt$10$abc$def')).toBe(false);
  });
});
