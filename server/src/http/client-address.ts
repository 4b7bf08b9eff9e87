// Who is calling, by address: what rate limits, the audit log, sessions and tracking record.
// X-Forwarded-For counts only from the proxies DEALDESK_TRUST_PROXY names (Fastify's trustProxy
// decides), and what a proxy forwards is only taken when it is an IP address: anything else
// (`<img src=x onerror=...>`, `=HYPERLINK(...)`) falls back to the socket's address.
import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';

/** Fastify's trustProxy as DEALDESK_TRUST_PROXY sets it: all or none, hops, or addresses. */
export type TrustProxy = boolean | number | string[];

/** The ranges proxy-addr knows by name, beside addresses and CIDRs. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isRange = (entry: string): boolean => {
  if (namedRanges.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || bits === undefined || !/^\d{1,3}$/.test(bits))
    return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
};

/** DEALDESK_TRUST_PROXY's value, or null when it is none of the forms it takes. */
export function parseTrustProxy(text: string): TrustProxy | null {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.length > 0 && entries.every(isRange) ? entries : null;
}

/** Fastify's option: a hop count as the function Fastify makes of one (its types lack it). */
export const fastifyTrustProxy = (
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) =>
  typeof trust === 'number' ? (_address, hop) => hop < trust : trust;

/** The caller's address: always an IP address. */
export function clientAddress(request: FastifyRequest): string {
  // eslint-disable-next-line no-restricted-properties -- the one place that reads it
  const forwarded = request.ip;
  return isIP(forwarded) !== 0 ? forwarded : (request.socket.remoteAddress ?? '');
}

/** Whether an address is this machine's own (127.0.0.0/8, ::1, or IPv4 loopback as IPv6). */
export const isLoopback = (address: string): boolean =>
  address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(address);
