// Absolute links for phones: media paths (/media/...) are joined to DEALDESK_PUBLIC_URL, or,
// without it, to the address the request was made to (the Host header; X-Forwarded-* with
// DEALDESK_TRUST_PROXY). Links that are absolute already (a scraped image) stay as they are.
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';

export const publicBaseOf = (config: ServerConfig, request: FastifyRequest): string =>
  config.publicUrl ?? `${request.protocol}://${request.host}`;

export const absoluteUrl = (base: string, path: string): string =>
  path === '' ? '' : new URL(path, base).href;
