// Published answers (the content API): made once per version of their content, in each envelope
// and coding asked (front-cache.ts), and sent as the same bytes to every request until the
// content changes, with a strong ETag, so phones and
// a CDN revalidate with If-None-Match and get 304. The IV is derived from the content (HMAC
// with the envelope key) instead of drawn per answer: the same content seals to the same bytes
// on every instance, and an observer learns only that two answers are equal, which the ETag
// says anyway (docs/app-api.md).
import { createHmac } from 'node:crypto';
import { brotliCompressSync, constants, deflateRawSync, gzipSync } from 'node:zlib';
import type { ChangeWatch } from '../adapters/storage/change-watch.js';
import { envelopeJson, jsonOf } from '@dealdesk/core';
import type { Shelf } from './content-memory.js';
import { sealText } from './envelope.js';
import type { EnvelopeKey, EnvelopeKeys } from './envelope-keys.js';
import type { Coding, Form } from './wire.js';

export class Published {
  constructor(
    /** Strong validator of the content, quoted: `"..."` (each representation's: tagOf). */
    readonly etag: string,
    /** The answer as JSON text, before any envelope. */
    readonly plain: string,
    /** Seals the answer in an envelope under a key (its IV derived from the content). */
    readonly seal: (form: Exclude<Form, 'plain'>, key: EnvelopeKey) => string,
    /** Whether it is still the answer (its content's version unchanged); read per request. */
    readonly current: () => boolean = () => false,
  ) {}
}

export function publishWith(keys: EnvelopeKeys): (answer: object) => Published {
  return (answer) => {
    const plain = jsonOf(answer);
    const digest = createHmac('sha256', keys.current.bytes).update(plain).digest();
    const seal = (form: Exclude<Form, 'plain'>, { bytes }: EnvelopeKey) => {
      if (form === 'sealed') {
        const iv = createHmac('sha256', bytes).update(plain).digest();
        return envelopeJson(sealText(plain, bytes, iv.subarray(0, 16)));
      }
      // Another IV than envelope 1's: two plaintexts never share one under the key.
      const iv = createHmac('sha256', bytes).update('deflate-raw\n').update(plain).digest();
      const deflated = deflateRawSync(plain, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 });
      return envelopeJson(sealText(deflated, bytes, iv.subarray(0, 16)));
    };
    return new Published(`"${digest.subarray(16).toString('base64url')}"`, plain, seal);
  };
}

/**
 * Each representation's own strong ETag (RFC 9110): the content's, marked by form and coding,
 * and by the key when it is the previous one (its sealed bytes differ).
 */
export function tagOf(etag: string, form: Form, coding: Coding, key: EnvelopeKey): string {
  const keyed = key.previous && form !== 'plain' ? `-k${key.id}` : '';
  const marks = keyed + { sealed: '', compact: '-e2', plain: '-p' }[form];
  const coded = { identity: '', br: '-br', gzip: '-gz' }[coding];
  return marks + coded === '' ? etag : `${etag.slice(0, -1)}${marks}${coded}"`;
}

/**
 * Brotli's quality for published answers. Sealed answers gain nothing above it (ciphertext in
 * base64), and plain JSON some 12 % for a hundred times the time, spent on the main thread by
 * every new query (a 100-product page: 1 ms at 5, 0.4 s at 11).
 */
const publishedBrotliQuality = 5;

/** One representation's bytes, made once per version (the front cache keeps them). */
export function representation(
  published: Published,
  form: Form,
  coding: Coding,
  key: EnvelopeKey,
): Buffer {
  const text = form === 'plain' ? published.plain : published.seal(form, key);
  const size = Buffer.byteLength(text);
  if (coding === 'br')
    return brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: publishedBrotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    });
  if (coding === 'gzip') return gzipSync(text, { level: constants.Z_BEST_COMPRESSION });
  // Out of Buffer's shared pool: a small answer kept there would hold a whole 8 KiB slab.
  const body = Buffer.allocUnsafeSlow(size);
  body.write(text);
  return body;
}

/** Whether an If-None-Match header names this ETag (`*`, a list, weak forms included). */
export function namesTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
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
      (published) => new Published(published.etag, published.plain, published.seal, current),
    );
    building.set(key, { version, answer });
    // A failed build is not kept: the next request tries again.
    void answer.then(
      (published) => {
        if (building.get(key)?.answer !== answer) return;
        building.delete(key);
        kept.set(key, { version, published }, Buffer.byteLength(published.plain));
      },
      () => {
        if (building.get(key)?.answer === answer) building.delete(key);
      },
    );
    return answer;
  };
}
