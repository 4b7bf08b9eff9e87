import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { appDocumentPaths } from './api-document.js';
import { HttpError } from './errors.js';

export const apiPrefix = '/api/';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Paths under the prefix that need no key: the app API's document and its page. */
const open = new Set<string>(appDocumentPaths);

/** Every API call must carry the `x-api-key` header (media, the web app and open paths do not). */
export function requireApiKey(app: FastifyInstance, apiKey: string): void {
  const expected = digest(apiKey);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(apiPrefix) || open.has(request.url.split('?')[0] ?? '')) return;
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || given === '') {
      throw new HttpError(403, 'API key is missing');
    }
    // Compare digests so the comparison takes the same time whatever the given length.
    if (!timingSafeEqual(digest(given), expected)) throw new HttpError(403, 'Invalid API key');
  });
}
