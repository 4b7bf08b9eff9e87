// Server-side request forgery guard: the scraper fetches addresses an admin types in, so it
// must never be turned against the server's own network (loopback, private ranges, cloud
// metadata, the machine's own interfaces). `refusalReason` is the one place that decides; it
// runs on the first address, on every redirect hop and on every address a name resolves to.
import { lookup as resolveHost, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import os from 'node:os';
import { ScrapeError } from './errors.js';

/** DEALDESK_SCRAPE_ALLOW_HOSTS as a list: host names separated by commas or spaces, any case. */
export function parseAllowHosts(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(/[\s,]+/)
    .map((host) => host.toLowerCase())
    .filter((host) => host !== '');
}

type Family = 'ipv4' | 'ipv6';

type Range = readonly [reason: string, family: Family, network: string, prefix: number];

/**
 * Every range of the IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890), plus
 * multicast, the deprecated site-local range and the cloud metadata addresses. Most specific
 * first, so an address is named by its narrowest range (the metadata address as such rather
 * than as link-local). IPv4-mapped IPv6 (::ffff:0:0/96, RFC 4291) is not listed: the IPv4
 * address it carries is checked instead (`mappedIPv4`).
 */
const refusedRanges: readonly Range[] = [
  ['cloud metadata', 'ipv4', '169.254.169.254', 32], // AWS, GCP, Azure, OpenStack...
  ['cloud metadata', 'ipv6', 'fd00:ec2::254', 128], // AWS over IPv6
  // IPv4 (https://www.iana.org/assignments/iana-ipv4-special-registry)
  ['unspecified', 'ipv4', '0.0.0.0', 8], // "this network", RFC 791 and RFC 1122
  ['private', 'ipv4', '10.0.0.0', 8], // RFC 1918
  ['carrier-grade NAT', 'ipv4', '100.64.0.0', 10], // shared address space, RFC 6598
  ['loopback', 'ipv4', '127.0.0.0', 8], // RFC 1122
  ['link-local', 'ipv4', '169.254.0.0', 16], // RFC 3927
  ['private', 'ipv4', '172.16.0.0', 12], // RFC 1918
  ['IETF protocol assignment', 'ipv4', '192.0.0.0', 24], // RFC 6890 (DS-Lite, NAT64 discovery...)
  ['documentation', 'ipv4', '192.0.2.0', 24], // TEST-NET-1, RFC 5737
  ['AS112', 'ipv4', '192.31.196.0', 24], // AS112-v4, RFC 7535
  ['AMT', 'ipv4', '192.52.193.0', 24], // automatic multicast tunneling, RFC 7450
  ['6to4 relay anycast', 'ipv4', '192.88.99.0', 24], // RFC 3068, deprecated by RFC 7526
  ['private', 'ipv4', '192.168.0.0', 16], // RFC 1918
  ['AS112', 'ipv4', '192.175.48.0', 24], // direct delegation AS112 service, RFC 7534
  ['benchmarking', 'ipv4', '198.18.0.0', 15], // RFC 2544
  ['documentation', 'ipv4', '198.51.100.0', 24], // TEST-NET-2, RFC 5737
  ['documentation', 'ipv4', '203.0.113.0', 24], // TEST-NET-3, RFC 5737
  ['multicast', 'ipv4', '224.0.0.0', 4], // RFC 5771
  ['limited broadcast', 'ipv4', '255.255.255.255', 32], // RFC 919, RFC 8190
  ['reserved', 'ipv4', '240.0.0.0', 4], // reserved for future use, RFC 1112
  // IPv6 (https://www.iana.org/assignments/iana-ipv6-special-registry)
  ['unspecified', 'ipv6', '::', 128], // RFC 4291
  ['loopback', 'ipv6', '::1', 128], // RFC 4291
  ['IPv4-compatible', 'ipv6', '::', 96], // deprecated by RFC 4291
  ['NAT64', 'ipv6', '64:ff9b::', 96], // IPv4/IPv6 translation, RFC 6052
  ['NAT64 local-use', 'ipv6', '64:ff9b:1::', 48], // RFC 8215
  ['discard-only', 'ipv6', '100::', 64], // RFC 6666
  ['IETF protocol assignment', 'ipv6', '2001::', 23], // RFC 2928 (Teredo, benchmarking, ORCHID...)
  ['documentation', 'ipv6', '2001:db8::', 32], // RFC 3849
  ['6to4', 'ipv6', '2002::', 16], // RFC 3056
  ['AS112', 'ipv6', '2620:4f:8000::', 48], // direct delegation AS112 service, RFC 7534
  ['documentation', 'ipv6', '3fff::', 20], // RFC 9637
  ['segment-routing (SRv6)', 'ipv6', '5f00::', 16], // SRv6 SIDs, RFC 9602
  ['unique-local', 'ipv6', 'fc00::', 7], // RFC 4193
  ['link-local', 'ipv6', 'fe80::', 10], // RFC 4291
  ['site-local', 'ipv6', 'fec0::', 10], // deprecated by RFC 3879, still routed by some networks
  ['multicast', 'ipv6', 'ff00::', 8], // RFC 4291
];

const refusedLists = refusedRanges.map(([reason, family, network, prefix]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { reason, list };
});

/** What `refusalReason` answers for an address of one of this machine's network interfaces. */
export const ownAddressReason = "this server's own";

/**
 * The addresses of this machine's interfaces, read at every check: an interface that comes up
 * while the server runs (a new container network, a VPN) counts at once.
 */
function isOwnAddress(address: string, family: Family): boolean {
  const own = new BlockList();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) {
      own.addAddress(entry.address, entry.family === 'IPv4' ? 'ipv4' : 'ipv6');
    }
  }
  return own.check(address, family);
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) carries, else undefined. */
function mappedIPv4(ipv6: string): string | undefined {
  // The URL parser writes IPv6 in its canonical form, so ::ffff:127.0.0.1 reads ::ffff:7f00:1.
  const canonical = new URL(`http://[${ipv6}]/`).hostname;
  const match = /^\[::ffff:([\da-f]{1,4}):([\da-f]{1,4})\]$/.exec(canonical);
  if (match === null) return undefined;
  const [high, low] = [parseInt(match[1] ?? '', 16), parseInt(match[2] ?? '', 16)];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * Why the scraper refuses this IP address ('loopback', 'private', 'documentation', "this
 * server's own"...), or undefined if it is public.
 */
export function refusalReason(address: string): string | undefined {
  const bare = address.replace(/%.*$/, ''); // an IPv6 zone id (fe80::1%eth0) is not part of the address
  const version = isIP(bare);
  if (version === 0) return 'not an IP address';
  const mapped = version === 6 ? mappedIPv4(bare) : undefined;
  if (mapped !== undefined) return refusalReason(mapped);
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  const special = refusedLists.find(({ list }) => list.check(bare, family))?.reason;
  // Loopback and metadata are the more telling names; any other address of this machine's
  // interfaces is named as the server's own, whatever range it is in.
  if (special === 'loopback' || special === 'cloud metadata') return special;
  if (isOwnAddress(bare, family)) return ownAddressReason;
  return special;
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

function described(reason: string): string {
  if (reason === ownAddressReason) return "one of this server's own addresses";
  return `${/^[aeiou]/i.test(reason) ? 'an' : 'a'} ${reason} address`;
}

function refused(host: string, address: string, reason: string): ScrapeError {
  return new ScrapeError(
    'blocked-address',
    `${host} leads to ${address}, ${described(reason)}; the scraper only fetches public shops`,
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
