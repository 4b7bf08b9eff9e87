// Headers that keep the browser on the back-office's side: no framing (clickjacking), scripts
// from this origin only, no type sniffing, no full addresses leaked to other sites, and HTTPS
// remembered once the back-office is reached over TLS. Set on every answer Fastify sends; the
// content API's answers from memory (front-cache.ts) carry the one that matters for JSON.
// Admin API answers are never kept by a browser or a proxy (Cache-Control: no-store).
import type { FastifyInstance } from 'fastify';
import { apiDocumentPath } from './api-document.js';

/**
 * Scripts, styles, fonts and calls from this origin only. Styles also inline (the component
 * library sets style attributes); images and videos also from any web origin (products link
 * marketplace images, which the product schema takes over http too; media may sit on a CDN)
 * and from data:/blob: (previews, video frames). An image cannot run script.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What every answer carries, JSON included. */
export const noSniff = { 'x-content-type-options': 'nosniff' } as const;

const everyAnswer = {
  ...noSniff,
  'content-security-policy': contentSecurityPolicy,
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/** A year, subdomains included: what HSTS preload lists ask for. */
const strictTransport = 'max-age=31536000; includeSubDomains';

/**
 * The admin API: what is under /api/ but the content API (cached by design) and the OpenAPI
 * documents (the same for everyone).
 */
const isAdminApi = (url: string): boolean =>
  url.startsWith('/api/') &&
  !url.startsWith('/api/v1/app/') &&
  url.split('?', 1)[0] !== apiDocumentPath;

export function useSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.headers(everyAnswer);
    // A route that says how to keep its answer (an export) keeps its own.
    if (isAdminApi(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    // Over TLS only (here, or at a trusted proxy that says so): over plain HTTP it is ignored.
    if (request.protocol === 'https') reply.header('strict-transport-security', strictTransport);
  });
}
