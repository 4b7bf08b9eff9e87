// Absolute links (media of the content API and of products and exports, invitation mails) are
// built from configuration only: joined to DEALDESK_PUBLIC_URL, or, without it, to the Host
// asked once it is on the allowed list (allowed-hosts.ts), with the scheme a trusted proxy
// says. X-Forwarded-Host never counts. Links that are absolute already (a scraped image) stay.
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import { askedHost } from './allowed-hosts.js';

export const publicBaseOf = (config: ServerConfig, request: FastifyRequest): string =>
  config.publicUrl ??
  `${request.protocol === 'https' ? 'https' : 'http'}://${askedHost(config, request.headers.host)}`;

export const absoluteUrl = (base: string, path: string): string =>
  path === '' ? '' : new URL(path, base).href;
