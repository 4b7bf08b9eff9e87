// HTTP compression of the answers made per request (the admin API, refusals, tracking): br or
// gzip as Accept-Encoding asks, made off the main thread by zlib. The content API's published
// answers are compressed once per version instead (front-cache.ts) and pass here untouched, as
// do streams (media are compressed already; the web build's files are sent as their .br or .gz
// copies, made at build time (static.ts); streamed lists are sent as they are read) and
// images sent whole (the /media/ variants: compressed already, and negotiated by Accept).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { addVary, codingOf } from './wire.js';

/** Below this, compression saves less than the headers it adds. */
const threshold = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Fast enough per request; the published answers, made once, are compressed hardest. */
const compress = (coding: 'br' | 'gzip', body: Buffer): Promise<Buffer> =>
  coding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body, { level: 6 });

/** Whether the answer was negotiated already (a published answer's representation). */
const negotiated = (reply: FastifyReply) =>
  reply.hasHeader('content-encoding') ||
  String(reply.getHeader('vary') ?? '')
    .toLowerCase()
    .includes('accept-encoding');

export function useCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (negotiated(reply) || String(reply.getHeader('content-type')).startsWith('image/'))
      return payload;
    addVary(reply, 'Accept-Encoding');
    // Neither a 304 nor a HEAD answer has a body to compress.
    if (request.method === 'HEAD' || reply.statusCode === 304 || reply.statusCode === 204)
      return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const coding = codingOf(request.headers['accept-encoding']);
    if (coding === 'identity' || body.length < threshold) return payload;
    reply.header('content-encoding', coding).removeHeader('content-length');
    return compress(coding, body);
  });
}
