import type { LookupAddress } from 'node:dns';
import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrapeError } from './errors.js';
import {
  allowHostSet,
  assertPublicHost,
  guardedLookup,
  normalizeHost,
  refusalReason,
  type Resolver,
} from './guard.js';

describe('refusalReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['169.254.10.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'site-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.254', 'reserved'],
    // IPv4-mapped IPv6 is the IPv4 address in disguise.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
  ])('refuses %s as %s', (address, reason) => {
    expect(refusalReason(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2a03:2880:f12f:83:face:b00c:0:25de',
  ])('lets the public address %s through', (address) => {
    expect(refusalReason(address)).toBeUndefined();
  });

  it('names what is not an address at all', () => {
    expect(refusalReason('www.amazon.in')).toBe('not an IP address');
  });
});

// The IANA special-purpose registries (IPv4 and IPv6), range by range: one address inside each
// range, and where a neighbour is an ordinary public address, one just outside it.
describe('refusalReason: the special-purpose registries', () => {
  it.each([
    // IPv4
    ['192.0.0.1', 'IETF protocol assignment'], // 192.0.0.0/24, RFC 6890
    ['192.0.0.170', 'IETF protocol assignment'], // NAT64 discovery, inside 192.0.0.0/24
    ['192.0.2.1', 'documentation'], // 192.0.2.0/24 TEST-NET-1, RFC 5737
    ['198.51.100.7', 'documentation'], // TEST-NET-2
    ['203.0.113.200', 'documentation'], // TEST-NET-3
    ['192.31.196.1', 'AS112'], // RFC 7535
    ['192.175.48.6', 'AS112'], // RFC 7534
    ['192.52.193.9', 'AMT'], // RFC 7450
    ['192.88.99.1', '6to4 relay anycast'], // RFC 7526
    ['198.18.0.1', 'benchmarking'], // 198.18.0.0/15, RFC 2544
    ['198.19.255.254', 'benchmarking'],
    ['255.255.255.255', 'limited broadcast'], // RFC 919
    // IPv6
    ['::1.2.3.4', 'IPv4-compatible'], // ::/96, RFC 4291 (deprecated)
    ['::7f00:1', 'IPv4-compatible'],
    ['::8.8.8.8', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'NAT64'], // 64:ff9b::/96, RFC 6052
    ['64:ff9b::8.8.8.8', 'NAT64'],
    ['64:ff9b:1::a00:1', 'NAT64 local-use'], // 64:ff9b:1::/48, RFC 8215
    ['100::1', 'discard-only'], // 100::/64, RFC 6666
    ['2001::1', 'IETF protocol assignment'], // 2001::/23 (Teredo 2001::/32 among them), RFC 2928
    ['2001:1ff:ffff::1', 'IETF protocol assignment'],
    ['2001:db8::1', 'documentation'], // RFC 3849
    ['3fff:fff::1', 'documentation'], // 3fff::/20, RFC 9637
    ['2002:7f00:1::1', '6to4'], // 2002::/16, RFC 3056
    ['2002:808:808::1', '6to4'],
    ['2620:4f:8000::1', 'AS112'], // RFC 7534
    ['5f00::1', 'segment-routing (SRv6)'], // 5f00::/16, RFC 9602
    // IPv4-mapped IPv6 is read as the IPv4 address it carries.
    ['::ffff:192.0.2.1', 'documentation'],
    ['::ffff:c633:6407', 'documentation'],
    ['::ffff:198.18.0.1', 'benchmarking'],
    ['::ffff:0.0.0.0', 'unspecified'],
  ])('refuses %s as %s', (address, reason) => {
    expect(refusalReason(address)).toBe(reason);
  });

  it.each([
    '192.0.1.255',
    '192.0.3.1',
    '198.17.255.255',
    '198.20.0.1',
    '198.51.101.1',
    '203.0.114.1',
    '::ffff:8.8.8.8',
    '2001:200::1',
    '2001:db9::1',
    '2003::1',
    '3fff:1000::1',
    '2620:4f:8001::1',
  ])('lets the public address %s through', (address) => {
    expect(refusalReason(address)).toBeUndefined();
  });
});

/** A non-loopback address of one of this machine's interfaces, IPv4 preferred. */
function ownAddress(): string | undefined {
  const external = Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal);
  return (external.find((entry) => entry?.family === 'IPv4') ?? external[0])?.address;
}

describe("refusalReason: this server's own addresses", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("refuses an address of this machine's own interfaces", (context) => {
    const own = ownAddress();
    if (own === undefined) {
      context.skip('this machine has no network interface besides loopback');
      return;
    }
    expect(refusalReason(own)).toBe("this server's own");
    expect(() =>
      assertPublicHost(
        new URL(`http://${own.includes(':') ? `[${own}]` : own}/`),
        allowHostSet([]),
      ),
    ).toThrow(
      `${own} leads to ${own}, one of this server's own addresses; the scraper only fetches public shops`,
    );
  });

  it('reads the interfaces when checking, so an interface added later counts', () => {
    expect(refusalReason('93.184.216.34')).toBeUndefined();
    const interfaces = os.networkInterfaces();
    vi.spyOn(os, 'networkInterfaces').mockReturnValue({
      ...interfaces,
      eth9: [
        {
          address: '93.184.216.34',
          netmask: '255.255.255.0',
          family: 'IPv4',
          mac: '02:00:00:00:00:09',
          internal: false,
          cidr: '93.184.216.34/24',
        },
        {
          address: '2606:2800:220:1:248:1893:25c8:1946',
          netmask: 'ffff:ffff:ffff:ffff::',
          family: 'IPv6',
          mac: '02:00:00:00:00:09',
          internal: false,
          cidr: '2606:2800:220:1:248:1893:25c8:1946/64',
          scopeid: 0,
        },
      ],
    });
    expect(refusalReason('93.184.216.34')).toBe("this server's own");
    expect(refusalReason('::ffff:93.184.216.34')).toBe("this server's own");
    expect(refusalReason('2606:2800:220:1:248:1893:25c8:1946')).toBe("this server's own");
    expect(refusalReason('2606:2800:0220:0001:0248:1893:25c8:1946')).toBe("this server's own");
    vi.restoreAllMocks();
    expect(refusalReason('93.184.216.34')).toBeUndefined();
  });

  it('still names loopback as loopback', () => {
    expect(refusalReason('127.0.0.1')).toBe('loopback');
    expect(refusalReason('::1')).toBe('loopback');
  });
});

describe('host names', () => {
  it('are compared without case, IPv6 brackets or a trailing dot', () => {
    expect(normalizeHost(' WWW.Amazon.IN. ')).toBe('www.amazon.in');
    expect(normalizeHost('[::1]')).toBe('::1');
    expect([...allowHostSet(['LocalHost', ' ', '[::1]'])]).toEqual(['localhost', '::1']);
  });
});

describe('assertPublicHost', () => {
  const none = allowHostSet([]);

  it.each([
    'http://127.0.0.1/',
    'http://[::1]:8080/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/', // 127.0.0.1 spelled as one number
    'http://0x7f.1/',
    'http://10.0.0.8/admin',
    'http://198.18.0.1/',
    'http://192.0.2.10:8080/',
    'http://[64:ff9b::a9fe:a9fe]/', // 169.254.169.254 through NAT64
    'http://[::a9fe:a9fe]/', // ... as IPv4-compatible
    'http://[2002:a9fe:a9fe::]/', // ... inside 6to4
    'http://[::ffff:c000:201]/', // 192.0.2.1, IPv4-mapped
  ])('refuses %s', (url) => {
    expect(() => assertPublicHost(new URL(url), none)).toThrow(
      expect.objectContaining({ reason: 'blocked-address', statusCode: 400 }),
    );
  });

  it('says which kind of address it refused', () => {
    expect(() => assertPublicHost(new URL('http://169.254.169.254/'), none)).toThrow(
      '169.254.169.254 leads to 169.254.169.254, a cloud metadata address; the scraper only fetches public shops',
    );
  });

  it('lets allow-listed addresses, public addresses and names through (names are checked at connect time)', () => {
    expect(() =>
      assertPublicHost(new URL('http://127.0.0.1:3000/'), allowHostSet(['127.0.0.1'])),
    ).not.toThrow();
    expect(() => assertPublicHost(new URL('http://[::1]/'), allowHostSet(['::1']))).not.toThrow();
    expect(() => assertPublicHost(new URL('https://8.8.8.8/'), none)).not.toThrow();
    expect(() => assertPublicHost(new URL('https://localhost/'), none)).not.toThrow();
  });
});

describe('guardedLookup', () => {
  /** A resolver answering from a fixed table, standing in for DNS. */
  function resolverOf(table: Record<string, LookupAddress[]>): Resolver {
    return (hostname, _options, callback) => {
      const addresses = table[hostname];
      if (addresses === undefined) {
        callback(
          Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
          [],
        );
      } else callback(null, addresses);
    };
  }

  const dns = resolverOf({
    'shop.example': [{ address: '93.184.216.34', family: 4 }],
    'rebound.example': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ],
    'intranet.example': [{ address: '192.168.1.10', family: 4 }],
    'metadata.example': [{ address: 'fd00:ec2::254', family: 6 }],
    'benchmark.example': [
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '198.18.0.5', family: 4 },
    ],
    'nat64.example': [
      { address: '93.184.216.34', family: 4 },
      { address: '64:ff9b::a00:5', family: 6 },
    ],
  });

  function lookUp(allow: string[], hostname: string, all: boolean) {
    return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>(
      (resolve) => {
        guardedLookup(allowHostSet(allow), dns)(hostname, { all }, (error, address, family) =>
          resolve({ error, address, family }),
        );
      },
    );
  }

  it('answers public addresses in the form the socket asked for', async () => {
    expect(await lookUp([], 'shop.example', true)).toEqual({
      error: null,
      address: [{ address: '93.184.216.34', family: 4 }],
      family: undefined,
    });
    expect(await lookUp([], 'shop.example', false)).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('refuses a name when any of its addresses is private, so a rebinding answer cannot slip through', async () => {
    const { error } = await lookUp([], 'rebound.example', true);
    expect(error).toBeInstanceOf(ScrapeError);
    expect(error?.message).toBe(
      'rebound.example leads to 10.0.0.5, a private address; the scraper only fetches public shops',
    );
    expect((await lookUp([], 'metadata.example', false)).error).toMatchObject({
      reason: 'blocked-address',
    });
  });

  it('refuses a name when any of its addresses is in a special-purpose range', async () => {
    expect((await lookUp([], 'benchmark.example', true)).error?.message).toBe(
      'benchmark.example leads to 198.18.0.5, a benchmarking address; the scraper only fetches public shops',
    );
    expect((await lookUp([], 'nat64.example', false)).error?.message).toBe(
      'nat64.example leads to 64:ff9b::a00:5, a NAT64 address; the scraper only fetches public shops',
    );
  });

  it('lets an allow-listed name reach its private address', async () => {
    expect(await lookUp(['Intranet.Example'], 'intranet.example', false)).toEqual({
      error: null,
      address: '192.168.1.10',
      family: 4,
    });
  });

  it('passes resolver failures on', async () => {
    expect((await lookUp([], 'missing.example', true)).error).toMatchObject({ code: 'ENOTFOUND' });
  });

  it('checks what the system resolver answers: localhost is loopback', async () => {
    const answer = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      guardedLookup(allowHostSet([]))('localhost', { all: true }, (error) => resolve(error));
    });
    expect(answer).toMatchObject({ reason: 'blocked-address' });
    expect(answer?.message).toMatch(/^localhost leads to (127\.0\.0\.1|::1), a loopback address/);
  });
});
