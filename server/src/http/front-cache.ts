// The content API's fast path: a published answer that is still current is sent straight from
// the HTTP server's request handler, before Fastify's routing, hooks and logging, the way a
// cache in front of an application server would send it. What it cannot answer (another path,
// a missing or wrong key, an answer not yet built or out of date, a server closing) goes to
// Fastify, which answers as always and, for a published answer, remembers it here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { apiKeyCheck } from './api-key.js';
import type { ContentKeys } from './content-key.js';
import type { ContentMemory } from './content-memory.js';
import type { Metrics } from '../operations/metrics.js';
import { namesTag, type Published } from './published.js';
import { noSniff } from './security-headers.js';

interface Entry {
  etag: string;
  /** Whether it is still the answer (the Published's): also tells one build from another. */
  current: () => boolean;
  /** The sealed answer's bytes (not the Published's text, so each copy is counted once). */
  body: Buffer;
  /** Counts an answer in the metrics, under the route as declared (`/api/v1/app/products/:id`). */
  sent: Record<200 | 304, () => void>;
}

export function frontCache(
  apiKey: string,
  cacheControl: string,
  { metrics, memory, keys }: { metrics: Metrics; memory: ContentMemory; keys: ContentKeys },
) {
  const keyAccepted = apiKeyCheck(apiKey);
  // Kept under the normalised key (content-key.ts), within the shared byte budget.
  const entries = memory.shelf<Entry>('front');
  let serving = true;

  return {
    /** Keeps a published answer Fastify has just sent, for the requests that ask the same. */
    remember(request: FastifyRequest, published: Published): void {
      const key = keys.ofRouted(request);
      if (key === null) return;
      const kept = entries.get(key);
      if (kept?.etag === published.etag && kept.current === published.current) return;
      // Out of Buffer's shared pool: a small answer kept there would hold a whole 8 KiB slab.
      const body = Buffer.allocUnsafeSlow(Buffer.byteLength(published.body));
      body.write(published.body);
      const route = request.routeOptions.url ?? request.url;
      const sent = {
        200: metrics.counter('GET', route, 200),
        304: metrics.counter('GET', route, 304),
      };
      entries.set(
        key,
        { etag: published.etag, current: published.current, body, sent },
        body.length,
      );
    },

    /** Answers the request when it can; false leaves it to Fastify. */
    serve(request: IncomingMessage, response: ServerResponse): boolean {
      if (!serving || request.method !== 'GET') return false;
      const key = keys.ofRequest(request);
      const entry = key === null ? undefined : entries.get(key);
      if (entry === undefined || !entry.current()) return false;
      if (!keyAccepted(request)) return false;
      const { etag } = entry;
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
