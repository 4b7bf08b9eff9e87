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
 * Whether a request's `x-api-key` header is the key. The first key a keep-alive connection
 * shows is checked by digest (the same time whatever its length); later requests on it are
 * compared with that accepted key in constant time, without a digest each (a phone sends the
 * same key every time). Behind a load balancer one connection carries many clients, so the
 * comparison never exits early: at most a key's length shows in its timing.
 */
export function apiKeyCheck(apiKey: string): (request: IncomingMessage) => boolean {
  const isKey = secretCheck(apiKey);
  const acceptedOn = new WeakMap<Socket, Buffer>();
  return (request) => {
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || given === '') return false;
    const accepted = acceptedOn.get(request.socket);
    const bytes = Buffer.from(given);
    if (accepted?.length === bytes.length && timingSafeEqual(accepted, bytes)) return true;
    if (!isKey(given)) return false;
    acceptedOn.set(request.socket, bytes);
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
