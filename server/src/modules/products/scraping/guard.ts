// Server-side request forgery guard: the scraper fetches addresses an admin types in, so it
// must never be turned against the server's own network (loopback, private ranges, cloud
// metadata). Host names checked here are re-checked on every redirect and at connect time.
import { lookup as resolveHost, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ScrapeError } from './errors.js';

type Family = 'ipv4' | 'ipv6';

// Most specific first, so the metadata addresses are named as such rather than as link-local
// or unique-local. BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against the
// IPv4 ranges.
const refusedRanges: readonly (readonly [
  reason: string,
  family: Family,
  network: string,
  prefix: number,
])[] = [
  ['cloud metadata', 'ipv4', '169.254.169.254', 32],
  ['cloud metadata', 'ipv6', 'fd00:ec2::254', 128],
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['loopback', 'ipv6', '::1', 128],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['carrier-grade NAT', 'ipv4', '100.64.0.0', 10],
  ['link-local', 'ipv4', '169.254.0.0', 16],
  ['link-local', 'ipv6', 'fe80::', 10],
  ['unique-local', 'ipv6', 'fc00::', 7],
  ['site-local', 'ipv6', 'fec0::', 10],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['multicast', 'ipv6', 'ff00::', 8],
  ['reserved', 'ipv4', '240.0.0.0', 4],
];

const refusedLists = refusedRanges.map(([reason, family, network, prefix]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { reason, list };
});

/** Why the scraper refuses this IP address ('loopback', 'private', ...), or undefined if it is public. */
export function refusalReason(address: string): string | undefined {
  const bare = address.replace(/%.*$/, ''); // an IPv6 zone id (fe80::1%eth0) is not part of the address
  const version = isIP(bare);
  if (version === 0) return 'not an IP address';
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  return refusedLists.find(({ list }) => list.check(bare, family))?.reason;
}

/** Host names as URLs spell them, compared case-insensitively, without IPv6 brackets or a trailing dot. */
export function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

export function allowHostSet(hosts: Iterable<string>): ReadonlySet<string> {
  return new Set([...hosts].map(normalizeHost).filter((host) => host !== ''));
}

function refused(host: string, address: string, reason: string): ScrapeError {
  return new ScrapeError(
    'blocked-address',
    `${host} leads to ${address}, a ${reason} address; the scraper only fetches public shops`,
  );
}

/** Refuses a URL whose host is an IP literal outside the public internet (names are checked at connect time). */
export function assertPublicHost(url: URL, allowHosts: ReadonlySet<string>): void {
  const host = normalizeHost(url.hostname);
  if (allowHosts.has(host) || isIP(host) === 0) return;
  const reason = refusalReason(host);
  if (reason !== undefined) throw refused(host, host, reason);
}

/** Resolves a name to all its addresses, as `dns.lookup` with `all: true` does. */
export type Resolver = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const resolveAll: Resolver = (hostname, options, callback) =>
  resolveHost(hostname, { ...options, all: true }, callback);

/**
 * A `lookup` for the sockets the scraper opens: every address a name resolves to must be public
 * (unless the name is allow-listed), so a name that re-resolves to 127.0.0.1 after passing an
 * earlier check (DNS rebinding) is still refused.
 */
export function guardedLookup(
  allowHosts: ReadonlySet<string>,
  resolve: Resolver = resolveAll,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (error, addresses) => {
      if (error) return callback(error, '');
      const first = addresses[0];
      if (first === undefined) return callback(new Error(`${hostname} has no address`), '');
      if (!allowHosts.has(normalizeHost(hostname))) {
        for (const { address } of addresses) {
          const reason = refusalReason(address);
          if (reason !== undefined) return callback(refused(hostname, address, reason), '');
        }
      }
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}
