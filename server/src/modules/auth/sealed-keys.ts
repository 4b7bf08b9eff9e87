// The authenticator keys and recovery codes at rest. Keys are sealed with AES-256-GCM under a
// key derived (HKDF, its own purpose label) from the server key, which only the server holds: the
// envelope secret reaches every browser through /config.js, so what was sealed under it (`v1`,
// before issue 35) is sealed again at start (reseal.ts). A fresh nonce per key and the admin's id
// as associated data bind each key to its admin. Recovery codes are kept as HMACs under another
// key derived from the server key: a database copy and /config.js cannot test guesses of them.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { ServerConfig } from '../../config.js';

const nonceBytes = 12;

/** A key of `purpose` derived from a 64-hex-character key: each use has its own. */
const derivedKey = (hexKey: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(hexKey, 'hex'), Buffer.alloc(0), purpose, 32));

/** Keys sealed as `<version>.<nonce>.<ciphertext>.<tag>` (base64url) under `key`. */
function sealer(key: Buffer, version: string) {
  return {
    holds: (sealed: string) => sealed.startsWith(`${version}.`),

    seal: (adminId: string, plain: Buffer): string => {
      const nonce = randomBytes(nonceBytes);
      const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(Buffer.from(adminId));
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return [
        version,
        ...[nonce, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')),
      ].join('.');
    },

    /** Throws unless `sealed` was sealed for `adminId` under this key. */
    open: (adminId: string, sealed: string): Buffer => {
      const [given, nonce, ciphertext, tag] = sealed.split('.');
      if (given !== version || nonce === undefined || ciphertext === undefined || !tag)
        throw new Error('An authenticator key is not sealed as expected');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'))
        .setAAD(Buffer.from(adminId))
        .setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]);
    },
  };
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');

/** A recovery code's hash kept before the server key: a bare HMAC under the envelope secret. */
export const isLegacyRecoveryHash = (hash: string) => /^[0-9a-f]{64}$/.test(hash);

/** The sealing of `config`'s server key, and the envelope secret's (`legacy`) to reseal. */
export function authenticatorSealing({
  secret,
  serverKey,
}: Pick<ServerConfig, 'secret' | 'serverKey'>) {
  const recoveryKey = derivedKey(serverKey, 'dealdesk/recovery-codes/v2');
  const legacyRecoveryKey = derivedKey(secret, 'dealdesk/recovery-codes/v1');
  /** A legacy hash hashed again under the server key (the code itself is not known). */
  const rehashed = (legacyHash: string) => `v1v2.${hmac(recoveryKey, legacyHash)}`;
  const recoveryHash = (adminId: string, code: string) =>
    `v2.${hmac(recoveryKey, `${adminId}:${code}`)}`;
  return {
    keys: sealer(derivedKey(serverKey, 'dealdesk/authenticator-key/v2'), 'v2'),
    legacyKeys: sealer(derivedKey(secret, 'dealdesk/authenticator-key/v1'), 'v1'),
    recoveryHash,
    rehashed,
    /** Every form a recovery code may be kept in: its own hash, or its legacy hash rehashed. */
    recoveryHashes: (adminId: string, code: string) => [
      recoveryHash(adminId, code),
      rehashed(hmac(legacyRecoveryKey, `${adminId}:${code}`)),
    ],
  };
}
