// Published answers (the content API): sealed once per version of their content and sent as
// the same bytes to every request until the content changes, with a strong ETag, so phones and
// a CDN revalidate with If-None-Match and get 304. The IV is derived from the content (HMAC
// with the envelope key) instead of drawn per answer: the same content seals to the same bytes
// on every instance, and an observer learns only that two answers are equal, which the ETag
// says anyway (docs/app-api.md).
import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeWatch } from '../adapters/storage/change-watch.js';
import { envelopeJson, jsonOf } from '@dealdesk/core';
import type { Shelf } from './content-memory.js';
import { sealText } from './envelope.js';

export class Published {
  constructor(
    /** Strong validator, quoted: `"..."`. */
    readonly etag: string,
    /** The sealed answer as JSON text. */
    readonly body: string,
    /** Whether it is still the answer (its content's version unchanged); read per request. */
    readonly current: () => boolean = () => false,
  ) {}
}

export function publishWith(secret: string): (answer: object) => Published {
  const key = Buffer.from(secret, 'hex');
  return (answer) => {
    const plain = jsonOf(answer);
    const digest = createHmac('sha256', key).update(plain).digest();
    const sealed = envelopeJson(sealText(plain, key, digest.subarray(0, 16)));
    return new Published(`"${digest.subarray(16).toString('base64url')}"`, sealed);
  };
}

/** Whether an If-None-Match header names this ETag (`*`, a list, weak forms included). */
export function namesTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/** Sends a published answer: 304 without a body when the caller holds it already. */
export function sendPublished(
  request: FastifyRequest,
  reply: FastifyReply,
  published: Published,
  cacheControl: string,
): FastifyReply {
  reply.header('etag', published.etag).header('cache-control', cacheControl);
  if (namesTag(request.headers['if-none-match'], published.etag)) return reply.code(304).send();
  return reply.type('application/json').send(published.body);
}

/** A published answer kept with the version of the content it was built from. */
export interface KeptPublished {
  version: string;
  published: Published;
}

/**
 * Published answers kept by key (a query, the address asked) while their version holds: the
 * version of the change counters `versionOf` tells (the content's, the catalogue's...). They sit
 * on a shelf of the content API's memory, within its byte budget (content-memory.ts). A build
 * under way is shared by the requests that wait for it.
 */
export function publishedCache<Name extends string>(
  changes: ChangeWatch<Name>,
  kept: Shelf<KeptPublished>,
) {
  // Builds last as long as requests wait for them: as many as requests in flight.
  const building = new Map<string, { version: string; answer: Promise<Published> }>();
  return async (
    key: string,
    versionOf: (versions: Readonly<Record<Name, number>>) => string,
    build: () => Promise<Published>,
  ): Promise<Published> => {
    const version = versionOf(await changes.versions());
    const held = kept.get(key);
    if (held?.version === version) return held.published;
    const underWay = building.get(key);
    if (underWay?.version === version) return underWay.answer;
    const current = () => {
      const now = changes.peek();
      return now !== null && versionOf(now) === version;
    };
    const answer = build().then(
      (published) => new Published(published.etag, published.body, current),
    );
    building.set(key, { version, answer });
    // A failed build is not kept: the next request tries again.
    void answer.then(
      (published) => {
        if (building.get(key)?.answer !== answer) return;
        building.delete(key);
        kept.set(key, { version, published }, published.body.length);
      },
      () => {
        if (building.get(key)?.answer === answer) building.delete(key);
      },
    );
    return answer;
  };
}
