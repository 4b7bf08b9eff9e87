// The envelope keys a server holds: DEALDESK_SECRET, and during a key rotation the one before it
// (DEALDESK_PREVIOUS_SECRET), so that installs of an older release keep opening their answers
// until they update. An app names its key with X-Dealdesk-Key (its key id); without the header
// the current key is meant, as every client before rotation was. docs/app-api.md, Keys.
import type { IncomingHttpHeaders } from 'node:http';
import { createHash } from 'node:crypto';

/** The request header an app names its key with: the key id. */
export const keyHeader = 'x-dealdesk-key';

export interface EnvelopeKey {
  /** The first 8 hex characters of SHA-256 of the key's 32 bytes (never the key itself). */
  id: string;
  bytes: Buffer;
  /** The key before the current one, still honoured while apps move on. */
  previous: boolean;
}

/** The key id of a 64-hex-character key. */
export const keyIdOf = (secret: string): string =>
  createHash('sha256').update(Buffer.from(secret, 'hex')).digest('hex').slice(0, 8);

const keyOf = (secret: string, previous: boolean): EnvelopeKey => ({
  id: keyIdOf(secret),
  bytes: Buffer.from(secret, 'hex'),
  previous,
});

export function envelopeKeys(secret: string, previousSecret: string | null) {
  const current = keyOf(secret, false);
  const previous = previousSecret === null ? null : keyOf(previousSecret, true);
  return {
    current,
    /** The key a request names (the current one when it names none); null: one not held. */
    of(headers: IncomingHttpHeaders): EnvelopeKey | null {
      const named = headers[keyHeader];
      if (named === undefined || named === current.id) return current;
      return previous !== null && named === previous.id ? previous : null;
    },
    /** The refusal of a key id not held, naming the ones that are. */
    unknown: (headers: IncomingHttpHeaders): string =>
      `The envelope key ${String(headers[keyHeader]).slice(0, 16)} is not one this server holds ` +
      `(it holds ${[current, previous].flatMap((key) => (key === null ? [] : [key.id])).join(', ')}): ` +
      'this release of the app is too old, update it',
  };
}

export type EnvelopeKeys = ReturnType<typeof envelopeKeys>;
