// What an answer looks like on the wire, as the request asks: its HTTP compression
// (Accept-Encoding) and its envelope (X-Dealdesk-Envelope, DEALDESK_APP_ENVELOPE). The content
// API's answers are made once per version in every form asked (front-cache.ts); every other
// answer is compressed as it leaves (compression.ts).
import type { FastifyReply } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';

/** The HTTP content codings the server makes; identity is the answer as it is. */
export type Coding = 'br' | 'gzip' | 'identity';

/** The envelope of an answer: today's (1), the compact one (2: DEFLATE before sealing), none. */
export type Form = 'sealed' | 'compact' | 'plain';

/** The request header an app asks for the compact envelope with, and that the answer echoes. */
export const envelopeHeader = 'x-dealdesk-envelope';

/** Where the app's calls are: with DEALDESK_APP_ENVELOPE=off their answers are plain JSON. */
const appPrefix = '/api/v1/app/';
const trackingPath = '/api/App/track';

function isAppCall(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path.startsWith(appPrefix) || path === trackingPath;
}

/**
 * The coding the caller accepts best: br before gzip at the same weight, `q=0` refuses one,
 * `*` stands for those not named; identity when it names neither (or none).
 */
export function codingOf(header: string | string[] | undefined): Coding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** The envelope a request's answer takes. */
export function formOf(url: string, headers: IncomingHttpHeaders, appEnvelope: boolean): Form {
  if (!appEnvelope && isAppCall(url)) return 'plain';
  return headers[envelopeHeader] === '2' ? 'compact' : 'sealed';
}

/** What an answer's representation adds to its Vary: the headers that chose it. */
export const varyOf = (appEnvelope: boolean): string =>
  appEnvelope ? `Accept-Encoding, X-Dealdesk-Envelope, X-Dealdesk-Key` : 'Accept-Encoding';

/** Adds a request header to an answer's Vary, keeping those it names already. */
export function addVary(reply: FastifyReply, field: string): void {
  const named = String(reply.getHeader('vary') ?? '');
  if (
    named
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(field.toLowerCase())
  )
    return;
  reply.header('vary', named === '' ? field : `${named}, ${field}`);
}
