import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
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
    ['255.255.255.255', 'reserved'],
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
