// The host names this server answers for (DEALDESK_ALLOWED_HOSTS, and DEALDESK_PUBLIC_URL's).
// Without a public URL, links are built from the Host a request names, so a Host off the list
// is refused (421) before anything reads it: the front cache, a route, a link, a cache key.
// The port is not part of the check; an entry with a leading dot (`.deals.example`) also
// allows every subdomain, as Django's ALLOWED_HOSTS does.
import { envelopeJson } from '@dealdesk/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import punycode from 'punycode.js';
import type { ServerConfig } from '../config.js';
import type { Metrics } from '../operations/metrics.js';
import { sealText } from './envelope.js';
import { HttpError } from './errors.js';
import { noSniff } from './security-headers.js';

export const misdirectedMessage = 'This server does not answer for that host name';

/** A Host header's parts: a name (IPv6 in brackets) and an optional port. */
const hostPattern = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/;

/**
 * Whether a label is no A-label (`xn--`) or a well-formed one: the Punycode of a label that is
 * not plain ASCII, written as its encoder writes it (RFC 5891, 5.4). Checked here because URL
 * parsers differ on it (Node 24.21's keeps `xn--.deals.example`, 24.18's refuses it).
 */
function wellFormedLabel(label: string): boolean {
  if (!label.startsWith('xn--')) return true;
  const encoded = label.slice('xn--'.length);
  try {
    const unicode = punycode.decode(encoded);
    return /[^\0-\x7f]/.test(unicode) && punycode.encode(unicode) === encoded;
  } catch {
    return false; // not Punycode at all
  }
}

/**
 * The name a Host header (or an entry of the list) names, lower case and without its port or
 * brackets; null for what names no host (`<script>`, `a b`, `xn--`, `[::1`, `%00`, `127.1`):
 * its labels must be well formed, and the name one the URL parser keeps as it is (links are
 * built on it).
 */
function nameOf(host: string): { name: string; port: string | null } | null {
  const parts = hostPattern.exec(host.toLowerCase());
  if (parts === null) return null;
  const [, name = '', port] = parts;
  if (port !== undefined && Number(port) > 65535) return null;
  if (!name.split('.').every(wellFormedLabel)) return null;
  try {
    if (new URL(`http://${name}/`).hostname !== name) return null;
  } catch {
    return null;
  }
  return { name: name.replace(/^\[(.*)\]$/, '$1'), port: port ?? null };
}

/** The list a laptop needs: this machine by its loopback addresses and its own name. */
const defaultAllowedHosts = (): string[] => ['localhost', '127.0.0.1', '::1', hostname()];

/** An entry's name (`.deals.example`, `::1` or `[::1]`), or null when it names no host. */
function entryName(entry: string): string | null {
  const name = entry.replace(/^\./, '').replace(/^\[(.*)\]$/, '$1');
  const host = nameOf(name.includes(':') ? `[${name}]` : name);
  return host === null || host.port !== null ? null : host.name;
}

/** DEALDESK_ALLOWED_HOSTS's entries, or null when one names no host (`*` included). */
export function parseAllowedHosts(text: string): string[] | null {
  const entries = text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  return entries.length > 0 && entries.every((entry) => entryName(entry) !== null) ? entries : null;
}

interface HostCheck {
  /** The Host as asked (lower case, port kept) when its name is allowed; null otherwise. */
  allowed(host: string | undefined): string | null;
}

function hostCheck(config: ServerConfig): HostCheck {
  const entries = [...(config.allowedHosts ?? defaultAllowedHosts())];
  if (config.publicUrl) entries.push(new URL(config.publicUrl).hostname);
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const entry of entries) {
    const name = entryName(entry);
    if (name === null) continue; // a machine name no URL can carry
    exact.add(name);
    if (entry.startsWith('.')) suffixes.push(`.${name}`);
  }
  // Hosts already found allowed (a few names and ports), so the fast path parses nothing.
  const known = new Set<string>();
  return {
    allowed(host) {
      if (host === undefined) return null;
      if (known.has(host)) return host.toLowerCase();
      const asked = nameOf(host);
      if (asked === null) return null;
      const { name } = asked;
      if (!exact.has(name) && !suffixes.some((suffix) => name.endsWith(suffix))) return null;
      if (known.size < 100) known.add(host);
      return host.toLowerCase();
    },
  };
}

const checks = new WeakMap<ServerConfig, HostCheck>();

/** The check of a configuration, made once. */
export function hostsOf(config: ServerConfig): HostCheck {
  let check = checks.get(config);
  if (check === undefined) {
    check = hostCheck(config);
    checks.set(config, check);
  }
  return check;
}

/** The Host a request asked for, refused (421) when off the list. */
export function askedHost(config: ServerConfig, host: string | undefined): string {
  const allowed = hostsOf(config).allowed(host);
  if (allowed === null) throw new HttpError(421, misdirectedMessage);
  return allowed;
}

/** What load balancers and monitors ask by the machine's address: they build no link. */
const operationsPaths = new Set(['/health', '/ready', '/metrics']);

/**
 * Refuses, before the front cache and Fastify, a request whose Host is off the list: true when
 * it has answered it. The answer is sealed as every other (the web app and the CLI show it).
 */
export function refuseMisdirected(
  config: ServerConfig,
  metrics: Metrics,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const check = hostsOf(config);
  const body = envelopeJson(
    sealText(
      JSON.stringify({ status: false, message: misdirectedMessage }),
      Buffer.from(config.secret, 'hex'),
    ),
  );
  return (request, response) => {
    if (check.allowed(request.headers.host) !== null) return false;
    if (operationsPaths.has((request.url ?? '').split('?', 1)[0] ?? '')) return false;
    response.writeHead(421, {
      ...noSniff,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    response.end(body);
    metrics.edgeRefused('host');
    return true;
  };
}
