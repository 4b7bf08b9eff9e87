import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { appDocumentPaths } from './api-document.js';
import { HttpError } from './errors.js';

export const apiPrefix = '/api/';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a given value is the secret: digests are compared, in the same time whatever the length. */
export function secretCheck(secret: string): (given: string) => boolean {
  const expected = digest(secret);
  return (given) => timingSafeEqual(digest(given), expected);
}

/** Paths under the prefix that need no key: the app API's document and its page. */
const open = new Set<string>(appDocumentPaths);

/**
 * Whether a request's `x-api-key` header is the key. Digests are compared, so the comparison
 * takes the same time whatever the given length. A keep-alive connection's key is digested
 * once: a phone sends the same key on every request, and what it sends is then compared with
 * what the same client sent before, never with the key itself.
 */
export function apiKeyCheck(apiKey: string): (request: IncomingMessage) => boolean {
  const isKey = secretCheck(apiKey);
  const checkedOn = new WeakMap<Socket, string>();
  return (request) => {
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || given === '') return false;
    if (checkedOn.get(request.socket) === given) return true;
    if (!isKey(given)) return false;
    checkedOn.set(request.socket, given);
    return true;
  };
}

/** Every API call must carry the `x-api-key` header (media, the web app and open paths do not). */
export function requireApiKey(app: FastifyInstance, apiKey: string): void {
  const accepted = apiKeyCheck(apiKey);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(apiPrefix) || open.has(request.url.split('?')[0] ?? '')) return;
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || given === '') {
      throw new HttpError(403, 'API key is missing');
    }
    if (!accepted(request.raw)) throw new HttpError(403, 'Invalid API key');
  });
}
