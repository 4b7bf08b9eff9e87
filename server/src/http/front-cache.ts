// The content API's fast path: a published answer that is still current is sent straight from
// the HTTP server's request handler, before Fastify's routing, hooks and logging, the way a
// cache in front of an application server would send it. What it cannot answer (another path,
// a missing or wrong key, an answer not yet built or out of date, a server closing) goes to
// Fastify, which answers as always and, for a published answer, remembers it here.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyCheck } from './api-key.js';
import { askedBefore, spellingOf } from './asked-before.js';
import type { ContentKeys } from './content-key.js';
import type { ContentMemory } from './content-memory.js';
import type { EnvelopeKey, EnvelopeKeys } from './envelope-keys.js';
import type { Metrics } from '../operations/metrics.js';
import { namesTag, representation, tagOf, type Published } from './published.js';
import { noSniff } from './security-headers.js';
import { codingOf, envelopeHeader, formOf, varyOf, type Coding, type Form } from './wire.js';

interface Entry {
  published: Published;
  /** Its representations made so far, by form and coding, each made on its first ask. */
  made: Map<string, Sent>;
  /** What the entry costs beyond its key: the answer's text and every representation made. */
  bytes: number;
  /** Counts an answer in the metrics, under the route as declared (`/api/v1/app/products/:id`). */
  sent: Record<200 | 304, () => void>;
}

/** One representation as sent: its own ETag, and its headers made once (the body's bytes too). */
interface Sent {
  etag: string;
  body: Buffer;
  /** What a 304 carries too (Vary included, RFC 9110), beyond the ETag. */
  headers: Record<string, string>;
  coding: Coding;
  /** The whole header lists of a 304 and a 200, as node:http takes them (names and values). */
  notModified: string[];
  ok: string[];
}

/** The Content-Encoding header of a coded body (200 only). */
const encodingOf = (coding: Coding): Record<string, string> =>
  coding === 'identity' ? {} : { 'content-encoding': coding };

/** Headers as the flat list writeHead takes: no object made per answer. */
const listOf = (headers: Record<string, string>): string[] => Object.entries(headers).flat();

export function frontCache(
  apiKey: string,
  cacheControl: string,
  {
    metrics,
    memory,
    keys,
    envelopeKeys,
    appEnvelope,
  }: {
    metrics: Metrics;
    memory: ContentMemory;
    keys: ContentKeys;
    envelopeKeys: EnvelopeKeys;
    appEnvelope: boolean;
  },
) {
  const keyAccepted = apiKeyCheck(apiKey);
  // Kept under the normalised key (content-key.ts), within the shared byte budget.
  const entries = memory.shelf<Entry>('front');
  let serving = true;
  const vary = varyOf(appEnvelope);
  const asked = askedBefore<Entry>();

  /**
   * The representation a request asks under the envelope key it names (known: the caller
   * checked), made once per entry (and counted in its bytes).
   */
  const representationOf = (
    url: string,
    headers: IncomingHttpHeaders,
    published: Published,
    kept: { key: string; entry: Entry } | null,
    sealer: EnvelopeKey,
  ): { name: string; sent: Sent } => {
    const form: Form = formOf(url, headers, appEnvelope);
    const coding: Coding = codingOf(headers['accept-encoding']);
    const name = `${form} ${coding} ${sealer.id}`;
    const made = kept?.entry.made.get(name);
    if (made !== undefined) return { name, sent: made };
    const body = representation(published, form, coding, sealer);
    const etag = tagOf(published.etag, form, coding, sealer);
    const more = {
      'cache-control': cacheControl,
      vary,
      ...(form === 'compact' ? { [envelopeHeader]: '2' } : {}),
    };
    const sent: Sent = {
      etag,
      body,
      headers: more,
      coding,
      notModified: listOf({ etag, ...more }),
      ok: listOf({
        ...noSniff,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(body.length),
        etag,
        ...more,
        ...encodingOf(coding),
      }),
    };
    if (kept !== null) {
      const { key, entry } = kept;
      entry.made.set(name, sent);
      entry.bytes += body.length;
      entries.set(key, entry, entry.bytes);
    }
    return { name, sent };
  };

  /** Sends a kept representation, 304 when the caller holds it already. */
  const answer = (request: IncomingMessage, response: ServerResponse, entry: Entry, sent: Sent) => {
    const held = request.headers['if-none-match'];
    if (held === sent.etag || namesTag(held, sent.etag)) {
      response.writeHead(304, sent.notModified);
      response.end();
      entry.sent[304]();
      return;
    }
    response.writeHead(200, sent.ok);
    response.end(sent.body);
    entry.sent[200]();
  };

  /** The entry and representation a request spelt as before chose, while still current. */
  const chosenBefore = (
    spelling: string,
  ): { entry: Entry; sent: Sent; previousKey: boolean } | null => {
    const chosen = asked.get(spelling);
    if (chosen === undefined) return null;
    const entry = chosen.entry.deref();
    const sent = entry?.made.get(chosen.name);
    // Touched in the shared budget as a lookup by key would (the least recently used goes).
    if (entry === undefined || sent === undefined || entries.get(chosen.key) !== entry) {
      asked.forget(spelling);
      return null;
    }
    return { entry, sent, previousKey: chosen.previousKey };
  };

  return {
    /**
     * Sends a published answer Fastify built, in the representation asked (304 without a body
     * when the caller holds it already), and keeps it for the requests that ask the same.
     */
    send(request: FastifyRequest, reply: FastifyReply, published: Published): FastifyReply {
      const key = keys.ofRouted(request);
      let kept: { key: string; entry: Entry } | null = null;
      if (key !== null) {
        const held = entries.get(key);
        if (held?.published.etag === published.etag && held.published.current === published.current)
          kept = { key, entry: held };
        else {
          const route = request.routeOptions.url ?? request.url;
          const entry: Entry = {
            published,
            made: new Map(),
            bytes: Buffer.byteLength(published.plain),
            sent: {
              200: metrics.counter('GET', route, 200),
              304: metrics.counter('GET', route, 304),
            },
          };
          entries.set(key, entry, entry.bytes);
          kept = { key, entry };
        }
      }
      // Fastify refused a key not held before the route ran (envelope.ts).
      const sealer = envelopeKeys.of(request.headers) ?? envelopeKeys.current;
      const { etag, body, headers, coding } = representationOf(
        request.url,
        request.headers,
        published,
        kept,
        sealer,
      ).sent;
      reply.header('etag', etag).headers(headers);
      if (namesTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').headers(encodingOf(coding)).send(body);
    },

    /** Answers the request when it can; false leaves it to Fastify. */
    serve(request: IncomingMessage, response: ServerResponse): boolean {
      if (!serving || request.method !== 'GET') return false;
      const url = request.url ?? '';
      const spelling = spellingOf(url, request.headers);
      const before = spelling === null ? null : chosenBefore(spelling);
      if (before !== null) {
        if (!before.entry.published.current() || !keyAccepted(request)) return false;
        if (before.previousKey) metrics.envelopeKeyNamed('previous');
        answer(request, response, before.entry, before.sent);
        return true;
      }
      const key = keys.ofRequest(request);
      const entry = key === null ? undefined : entries.get(key);
      if (key === null || entry === undefined || !entry.published.current()) return false;
      // A key id not held is Fastify's to refuse.
      const sealer = envelopeKeys.of(request.headers);
      if (!keyAccepted(request) || sealer === null) return false;
      const { name, sent } = representationOf(
        url,
        request.headers,
        entry.published,
        { key, entry },
        sealer,
      );
      if (sealer.previous) metrics.envelopeKeyNamed('previous');
      if (spelling !== null)
        asked.remember(spelling, {
          key,
          entry: new WeakRef(entry),
          name,
          previousKey: sealer.previous,
        });
      answer(request, response, entry, sent);
      return true;
    },

    /** From now on Fastify answers everything (closing: it adds Connection: close). */
    stop(): void {
      serving = false;
    },
  };
}

export type FrontCache = ReturnType<typeof frontCache>;
