// Files that are not API calls: uploaded media under /media/ and, once it is built, the web
// app, whose client-side routes all fall back to index.html.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { mediaPrefix } from '../adapters/media/index.js';
import { apiPrefix } from './api-key.js';

export const notFoundMessage = 'Not found';

export async function serveFiles(
  app: FastifyInstance,
  folders: { mediaDir: string; webDistDir: string },
): Promise<void> {
  mkdirSync(folders.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: folders.mediaDir,
    prefix: mediaPrefix,
    decorateReply: false,
    index: false,
    // Media names are generated once and never reused.
    immutable: true,
    maxAge: '365d',
    // The type comes from the extension, which came from the file's bytes: never sniff.
    setHeaders: (reply) => reply.header('X-Content-Type-Options', 'nosniff'),
  });

  const webApp = existsSync(join(folders.webDistDir, 'index.html'));
  if (webApp) {
    await app.register(fastifyStatic, { root: folders.webDistDir, prefix: '/', wildcard: true });
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
