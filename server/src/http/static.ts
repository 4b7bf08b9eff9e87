// Files that are not API calls: uploaded media under /media/ and, once it is built, the web
// app, whose client-side routes all fall back to index.html.
import { mediaImageWidths } from '@dealdesk/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { mediaPrefix, type MediaServing } from '../adapters/media/index.js';
import { variantTypes, type MediaVariants } from '../adapters/media/variants.js';
import { apiPrefix } from './api-key.js';

export const notFoundMessage = 'Not found';

/**
 * The web app's runtime configuration: the API key and envelope secret this server runs with,
 * so no build carries them. They are no secret from a browser (see docs/configuration.md): the security
 * is TLS and the bearer token.
 */
/** What the web app needs of the server's settings: its keys and the business time zone. */
export interface WebSettings {
  apiKey: string;
  secret: string;
  timeZone: string;
}

export function webConfigScript(settings: WebSettings): string {
  const { apiKey, secret, timeZone } = settings;
  const config = JSON.stringify({ apiKey, secret, timeZone });
  // '<' escaped so the values can never close a script element.
  return `window.dealdeskConfig = ${config.replaceAll('<', '\\u003c')};\n`;
}

/** Media names are generated once and never reused: caches may keep a file for good. */
const mediaCaching = 'public, max-age=31536000, immutable';

/**
 * The web build's assets/ holds only files named by their content's hash (Vite): kept for good,
 * like media. index.html, config.js and the rest keep their names across builds: a browser asks
 * again each time (an ETag answers 304), so a new build shows at the next load.
 */
const revalidated = 'no-cache';

const webCachingOf = (webDistDir: string, file: string): string =>
  relative(webDistDir, file).startsWith(`assets${sep}`) ? mediaCaching : revalidated;

const mediaWidthMessage = `w must be one of ${mediaImageWidths.join(', ')}: the width in pixels to resize the image to`;

const widthOf = (asked: unknown): number | null =>
  typeof asked === 'string' && /^\d{1,5}$/.test(asked) ? Number(asked) : null;

/** The stored name a /media/ URL asks for; null for a path below it or a malformed escape. */
function nameAsked(url: string): string | null {
  try {
    const name = decodeURIComponent(url.slice(mediaPrefix.length).split('?')[0] ?? '');
    return name === '' || name.includes('/') || name.includes('\\') ? null : name;
  } catch {
    return null;
  }
}

/**
 * GET /media/<name>?w=<width>: the variant for the Accept asked (variants.ts), with a strong
 * ETag of its own. A width off the list answers 400; an original with no variants (a video, a
 * GIF, an SVG) or none at all goes on to be served as it is (or 404).
 */
function variantAnswers(variants: MediaVariants) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const asked = (request.query as Record<string, unknown>)['w'];
    if (asked === undefined) return;
    const width = widthOf(asked);
    if (width === null || !(mediaImageWidths as readonly number[]).includes(width))
      return reply.code(400).send({ status: false, message: mediaWidthMessage });
    const name = nameAsked(request.url);
    const variant =
      name === null ? null : await variants(name, width, request.headers.accept ?? '');
    if (variant === null) return;
    const etag = `"w${width}-${variant.format}-${variant.tag}"`;
    reply.header('vary', 'Accept').header('cache-control', mediaCaching).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(variantTypes[variant.format]).send(variant.bytes);
  };
}

/** GET /media/<name>: from the media folder as it is, or read through the object store. */
async function serveMedia(
  app: FastifyInstance,
  served: MediaServing,
  variants: MediaVariants,
): Promise<void> {
  app.addHook('preHandler', variantAnswers(variants));
  if ('folder' in served) {
    mkdirSync(served.folder, { recursive: true });
    await app.register(fastifyStatic, {
      root: served.folder,
      prefix: mediaPrefix,
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
      // The type comes from the extension, which came from the file's bytes; every answer
      // says not to sniff (security-headers.ts).
    });
    return;
  }
  app.get<{ Params: { name: string } }>(`${mediaPrefix}:name`, async (request, reply) => {
    const range = request.headers.range;
    const file = await served.read(request.params.name, range);
    if (file === null) return reply.code(404).send({ status: false, message: notFoundMessage });
    reply
      .header('content-type', file.type)
      .header('content-length', file.length)
      .header('cache-control', mediaCaching)
      .header('accept-ranges', 'bytes');
    if (file.range !== null) reply.code(206).header('content-range', file.range);
    return reply.send(file.body);
  });
}

export async function serveFiles(
  app: FastifyInstance,
  folders: { media: MediaServing; variants: MediaVariants; webDistDir: string },
  settings: WebSettings,
): Promise<void> {
  // In a scope of its own: the variants' hook runs for /media/ only.
  await app.register((scope) => serveMedia(scope, folders.media, folders.variants));

  const configScript = webConfigScript(settings);
  const configTag = `"${createHash('sha256').update(configScript).digest('base64url').slice(0, 27)}"`;
  app.get('/config.js', (request, reply) => {
    reply.header('cache-control', revalidated).header('etag', configTag);
    if (request.headers['if-none-match'] === configTag) return reply.code(304).send();
    return reply.type('text/javascript; charset=utf-8').send(configScript);
  });

  const { webDistDir } = folders;
  const webApp = existsSync(join(webDistDir, 'index.html'));
  if (webApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: true,
      // The build's .br and .gz copies (web/vite.config.ts), picked by Accept-Encoding, with
      // Vary; compression.ts leaves these file streams alone.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', webCachingOf(webDistDir, file));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith(apiPrefix) &&
      !request.url.startsWith(mediaPrefix);
    if (webApp && isPage) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ status: false, message: notFoundMessage });
  });
}
