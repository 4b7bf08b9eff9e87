// The content API's fast path: a published answer that is still current is sent straight from
// the HTTP server's request handler, before Fastify's routing, hooks and logging, the way a
// cache in front of an application server would send it. What it cannot answer (another path,
// a missing or wrong key, an answer not yet built or out of date, a server closing) goes to
// Fastify, which answers as always and, for a published answer, remembers it here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { apiKeyCheck } from './api-key.js';
import type { Metrics } from '../operations/metrics.js';
import { namesTag, type Published } from './published.js';
import { noSniff } from './security-headers.js';

/**
 * Answers remembered at most (each a URL asked, with the address it was asked at): a caller
 * asking ever new queries costs at most this many answers of memory (a product page ~20 KB).
 */
const remembered = 2_000;

interface Entry {
  published: Published;
  body: Buffer;
  /** Counts an answer in the metrics, under the route as declared (`/api/v1/app/products/:id`). */
  sent: Record<200 | 304, () => void>;
}

/**
 * The address a request was made to and its URL: published answers link media from that
 * address when DEALDESK_PUBLIC_URL is not set, so each is remembered for its own.
 */
const keyOf = (request: IncomingMessage) =>
  `${request.headers.host ?? ''} ${String(request.headers['x-forwarded-host'] ?? '')} ${String(request.headers['x-forwarded-proto'] ?? '')} ${request.url ?? ''}`;

export function frontCache(apiKey: string, cacheControl: string, metrics: Metrics) {
  const keyAccepted = apiKeyCheck(apiKey);
  const entries = new Map<string, Entry>();
  let serving = true;

  return {
    /** Keeps a published answer Fastify has just sent, for the requests that ask the same. */
    remember(request: FastifyRequest, published: Published): void {
      const key = keyOf(request.raw);
      if (entries.get(key)?.published === published) return;
      entries.delete(key);
      entries.set(key, {
        published,
        body: Buffer.from(published.body),
        sent: {
          200: metrics.counter('GET', request.routeOptions.url ?? request.url, 200),
          304: metrics.counter('GET', request.routeOptions.url ?? request.url, 304),
        },
      });
      if (entries.size > remembered) entries.delete(entries.keys().next().value ?? key);
    },

    /** Answers the request when it can; false leaves it to Fastify. */
    serve(request: IncomingMessage, response: ServerResponse): boolean {
      if (!serving || request.method !== 'GET') return false;
      const entry = entries.get(keyOf(request));
      if (entry === undefined || !entry.published.current()) return false;
      if (!keyAccepted(request)) return false;
      const { etag } = entry.published;
      if (namesTag(request.headers['if-none-match'], etag)) {
        response.writeHead(304, { etag, 'cache-control': cacheControl });
        response.end();
        entry.sent[304]();
        return true;
      }
      response.writeHead(200, {
        ...noSniff,
        'content-type': 'application/json; charset=utf-8',
        'content-length': entry.body.length,
        etag,
        'cache-control': cacheControl,
      });
      response.end(entry.body);
      entry.sent[200]();
      return true;
    },

    /** From now on Fastify answers everything (closing: it adds Connection: close). */
    stop(): void {
      serving = false;
    },
  };
}

export type FrontCache = ReturnType<typeof frontCache>;
