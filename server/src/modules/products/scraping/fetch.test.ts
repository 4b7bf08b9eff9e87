import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { MB } from '@dealdesk/core';
import type { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGuardedAgent,
  fetchPage,
  maxRedirects,
  parseScrapeUrl,
  type FetchOptions,
} from './fetch.js';
import { allowHostSet } from './guard.js';
import { startTestServer, type Route, type TestServer } from './test-server.js';

const page =
  '<!doctype html><html><head><title>Shop</title></head><body><h1>Kurta</h1></body></html>';
const agents: Agent[] = [];

function options(allow: string[], overrides: Partial<FetchOptions> = {}): FetchOptions {
  const allowHosts = allowHostSet(allow);
  const dispatcher = createGuardedAgent(allowHosts);
  agents.push(dispatcher);
  return {
    dispatcher,
    allowHosts,
    timeoutMs: 2_000,
    maxBytes: 5 * MB,
    userAgent: 'DealdeskTest/1',
    ...overrides,
  };
}

function html(
  response: ServerResponse,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
}

/** Requests each path received, to prove a refused address was never contacted. */
const hits: Record<string, number> = {};
function counted(path: string, route: Route): Record<string, Route> {
  return {
    [path]: (request, response) => {
      hits[path] = (hits[path] ?? 0) + 1;
      route(request, response);
    },
  };
}

/** How much the endless page managed to write before the client hung up. */
let endlessWritten = 0;
let endlessClosed: Promise<void> = Promise.resolve();
const endlessTotal = 64 * MB;

function redirect(to: string, status = 302): Route {
  return (_request, response) => response.writeHead(status, { location: to }).end();
}

let server: TestServer;

/** A non-loopback address of one of this machine's interfaces (IPv4 preferred), as a URL host. */
function ownHost(): string | undefined {
  const external = Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal);
  const own = (external.find((entry) => entry?.family === 'IPv4') ?? external[0])?.address;
  return own === undefined || !own.includes(':') ? own : `[${own}]`;
}

/** An internal page served on the machine's own address, as the probe found it. */
const own = ownHost();
const noOwnAddress = 'this machine has no network interface besides loopback';
let ownServer: ReturnType<typeof createServer> | undefined;
let ownUrl = '';
let ownHits = 0;

beforeAll(async () => {
  if (own === undefined) return;
  ownServer = createServer((_request, response) => {
    ownHits += 1;
    html(response, '<h1>Internal dashboard</h1>');
  });
  const listening = ownServer;
  await new Promise<void>((resolve) => listening.listen(0, own.replace(/^\[|\]$/g, ''), resolve));
  ownUrl = `http://${own}:${(listening.address() as AddressInfo).port}/internal`;
});

afterAll(async () => {
  const listening = ownServer;
  if (listening === undefined) return;
  listening.closeAllConnections();
  await new Promise((resolve) => listening.close(resolve));
});

beforeAll(async () => {
  const hops: Record<string, Route> = {};
  for (let hop = 1; hop <= maxRedirects + 1; hop += 1)
    hops[`/hop/${hop}`] = redirect(`/hop/${hop - 1}`, 301 + (hop % 2));
  server = await startTestServer({
    ...hops,
    '/hop/0': (request, response) =>
      html(response, `<p>arrived with ${request.headers['user-agent']}</p>`),
    '/page': (_request, response) => html(response, page),
    ...counted('/target', (_request, response) => html(response, page)),
    '/to-loopback': (_request, response) =>
      redirect(`http://127.0.0.1:${server.port}/target`)(_request, response),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/iam/security-credentials/'),
    '/to-mapped': (request, response) =>
      redirect(`http://[::ffff:127.0.0.1]:${server.port}/target`)(request, response),
    '/to-own': (request, response) => redirect(ownUrl)(request, response),
    '/to-ftp': redirect('ftp://files.example.in/catalogue.html', 307),
    '/to-nowhere': redirect('http://[::1', 308),
    '/relative': redirect('page'),
    '/gzip': (_request, response) => html(response, gzipSync(page), { 'content-encoding': 'gzip' }),
    '/brotli': (_request, response) =>
      html(response, brotliCompressSync(page), { 'content-encoding': 'br' }),
    '/zip-bomb': (_request, response) =>
      html(response, gzipSync(Buffer.alloc(8 * MB, 'a')), { 'content-encoding': 'gzip' }),
    '/compress': (_request, response) =>
      html(response, page, { 'content-encoding': 'zstd-custom' }),
    '/latin1': (_request, response) =>
      html(response, Buffer.from('<p>Café crème</p>', 'latin1'), {
        'content-type': 'text/html; charset=ISO-8859-1',
      }),
    '/odd-charset': (_request, response) =>
      html(response, '<p>₹499</p>', { 'content-type': 'text/html; charset=klingon' }),
    '/untyped': (_request, response) => response.writeHead(200).end(page),
    '/xhtml': (_request, response) =>
      html(response, page, { 'content-type': 'application/xhtml+xml' }),
    '/json': (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"price":499}'),
    '/image': (_request, response) =>
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64)),
    '/missing': (_request, response) =>
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'),
    '/broken': (_request, response) =>
      response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Busy</h1>'),
    '/declared-huge': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(6 * MB) });
      response.write('<html>'); // and never the rest: the length alone must be enough to refuse
    },
    '/exact': (request, response) =>
      html(
        response,
        'x'.repeat(Number(new URL(request.url ?? '', 'http://x').searchParams.get('size'))),
      ),
    '/endless': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      endlessWritten = 0;
      endlessClosed = new Promise((resolve) => response.on('close', resolve));
      const pump = () => {
        while (endlessWritten < endlessTotal) {
          endlessWritten += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    },
    '/silent': () => {
      // Never answers.
    },
    '/stalls': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><body>'); // then nothing more
    },
  });
});

afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await server.close();
});

describe('parseScrapeUrl', () => {
  it('asks for a URL when there is none', () => {
    expect(() => parseScrapeUrl('   ')).toThrow(
      expect.objectContaining({
        reason: 'invalid-url',
        statusCode: 400,
        message: 'Please enter a URL to scrape',
      }),
    );
  });

  it('reads an address typed without a scheme as https', () => {
    expect(parseScrapeUrl(' www.amazon.in/dp/B07PR1CL3S ').href).toBe(
      'https://www.amazon.in/dp/B07PR1CL3S',
    );
  });

  it.each(['https://exa mple.com/', 'http://[::1', 'https://', 'not a url at all'])(
    'refuses the malformed %j',
    (input) => {
      expect(() => parseScrapeUrl(input)).toThrow(
        expect.objectContaining({ reason: 'invalid-url', statusCode: 400 }),
      );
    },
  );

  it.each([
    ['ftp://files.example.in/a.html', 'ftp'],
    ['file:///etc/passwd', 'file'],
    ['javascript:alert(1)', 'javascript'],
    ['data:text/html,<h1>x</h1>', 'data'],
  ])('refuses %s: only http and https', (input, scheme) => {
    expect(() => parseScrapeUrl(input)).toThrow(
      expect.objectContaining({
        reason: 'unsupported-scheme',
        statusCode: 400,
        message: `Only http and https addresses can be scraped, not ${scheme}`,
      }),
    );
  });
});

describe('fetchPage', () => {
  it('fetches an allow-listed page and says where it came from', async () => {
    const fetched = await fetchPage(server.url('/page'), options(['127.0.0.1']));
    expect(fetched.html).toBe(page);
    expect(fetched.url.href).toBe(server.url('/page'));
  });

  it('follows up to five redirects, relative ones included, checking each hop', async () => {
    const fetched = await fetchPage(server.url(`/hop/${maxRedirects}`), options(['127.0.0.1']));
    expect(fetched.url.pathname).toBe('/hop/0');
    expect(fetched.html).toBe('<p>arrived with DealdeskTest/1</p>');
    expect((await fetchPage(server.url('/relative'), options(['127.0.0.1']))).url.pathname).toBe(
      '/page',
    );
  });

  it('gives up after the fifth redirect', async () => {
    await expect(
      fetchPage(server.url(`/hop/${maxRedirects + 1}`), options(['127.0.0.1'])),
    ).rejects.toMatchObject({
      reason: 'too-many-redirects',
      statusCode: 502,
      message: 'The page redirected more than 5 times',
    });
  });

  it('refuses a redirect to another scheme or to a malformed address', async () => {
    await expect(fetchPage(server.url('/to-ftp'), options(['127.0.0.1']))).rejects.toMatchObject({
      reason: 'unsupported-scheme',
    });
    await expect(
      fetchPage(server.url('/to-nowhere'), options(['127.0.0.1'])),
    ).rejects.toMatchObject({
      reason: 'invalid-url',
    });
  });

  it('decompresses gzip and brotli answers', async () => {
    expect((await fetchPage(server.url('/gzip'), options(['127.0.0.1']))).html).toBe(page);
    expect((await fetchPage(server.url('/brotli'), options(['127.0.0.1']))).html).toBe(page);
  });

  it('refuses an encoding it cannot read', async () => {
    await expect(fetchPage(server.url('/compress'), options(['127.0.0.1']))).rejects.toMatchObject({
      reason: 'not-html',
      statusCode: 415,
    });
  });

  it('decodes the declared charset, and UTF-8 when the label is unknown', async () => {
    expect((await fetchPage(server.url('/latin1'), options(['127.0.0.1']))).html).toBe(
      '<p>Café crème</p>',
    );
    expect((await fetchPage(server.url('/odd-charset'), options(['127.0.0.1']))).html).toBe(
      '<p>₹499</p>',
    );
  });

  it('accepts XHTML and answers without a content type', async () => {
    expect((await fetchPage(server.url('/xhtml'), options(['127.0.0.1']))).html).toBe(page);
    expect((await fetchPage(server.url('/untyped'), options(['127.0.0.1']))).html).toBe(page);
  });

  it.each([
    ['/json', 'application/json'],
    ['/image', 'image/png'],
  ])('refuses %s: not a web page', async (path, type) => {
    await expect(fetchPage(server.url(path), options(['127.0.0.1']))).rejects.toMatchObject({
      reason: 'not-html',
      statusCode: 415,
      message: `127.0.0.1:${server.port} answered ${type}, not a web page`,
    });
  });

  it.each([
    ['/missing', 'HTTP 404 (Not Found)'],
    ['/broken', 'HTTP 503 (Service Unavailable)'],
  ])('reports the HTTP error of %s', async (path, status) => {
    await expect(fetchPage(server.url(path), options(['127.0.0.1']))).rejects.toMatchObject({
      reason: 'http-status',
      statusCode: 502,
      message: `127.0.0.1:${server.port} answered ${status} instead of the page`,
    });
  });

  it('reports a shop that cannot be reached', async () => {
    const closed = await startTestServer();
    const url = closed.url('/page');
    await closed.close();
    await expect(fetchPage(url, options(['127.0.0.1']))).rejects.toMatchObject({
      reason: 'network',
      statusCode: 502,
      message: `Could not load the page from 127.0.0.1 (ECONNREFUSED)`,
    });
  });
});

describe('size limit', () => {
  it('refuses a page whose declared length is over the limit without reading it', async () => {
    await expect(
      fetchPage(server.url('/declared-huge'), options(['127.0.0.1'])),
    ).rejects.toMatchObject({
      reason: 'too-large',
      statusCode: 413,
      message: 'The page is 6 MB, over the 5 MB limit',
    });
  });

  it('stops reading an undeclared page at 5 MB and hangs up instead of buffering the rest', async () => {
    await expect(fetchPage(server.url('/endless'), options(['127.0.0.1']))).rejects.toMatchObject({
      reason: 'too-large',
      message: 'The page is over the 5 MB limit',
    });
    await endlessClosed;
    expect(endlessWritten).toBeGreaterThan(5 * MB);
    expect(endlessWritten).toBeLessThan(endlessTotal / 4);
  });

  it('counts the decompressed size, so a small zip bomb is refused', async () => {
    await expect(
      fetchPage(server.url('/zip-bomb'), options(['127.0.0.1'], { maxBytes: MB })),
    ).rejects.toMatchObject({
      reason: 'too-large',
    });
  });

  it('takes a page of exactly the limit and refuses one byte more', async () => {
    const limits = options(['127.0.0.1'], { maxBytes: 1000 });
    expect((await fetchPage(server.url('/exact?size=1000'), limits)).html).toHaveLength(1000);
    await expect(fetchPage(server.url('/exact?size=1001'), limits)).rejects.toMatchObject({
      reason: 'too-large',
    });
  });
});

describe('timeout', () => {
  it.each(['/silent', '/stalls'])('gives up on %s when the deadline passes', async (path) => {
    const started = Date.now();
    await expect(
      fetchPage(server.url(path), options(['127.0.0.1'], { timeoutMs: 200 })),
    ).rejects.toMatchObject({
      reason: 'timeout',
      statusCode: 504,
      message: `127.0.0.1:${server.port} did not answer within 0.2 s`,
    });
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

describe('server-side request forgery guard', () => {
  it('refuses 127.0.0.1 by default, before connecting', async () => {
    await expect(fetchPage(server.url('/target'), options([]))).rejects.toMatchObject({
      reason: 'blocked-address',
      statusCode: 400,
      message:
        '127.0.0.1 leads to 127.0.0.1, a loopback address; the scraper only fetches public shops',
    });
    expect(hits['/target']).toBeUndefined();
  });

  it('refuses a name that resolves to loopback, at connect time', async () => {
    await expect(
      fetchPage(`http://localhost:${server.port}/target`, options(['127.0.0.1'])),
    ).rejects.toMatchObject({
      reason: 'blocked-address',
      message: expect.stringMatching(/^localhost leads to 127\.0\.0\.1, a loopback address/),
    });
    expect(hits['/target']).toBeUndefined();
  });

  it('refuses a redirect from an allowed host to 127.0.0.1', async () => {
    await expect(
      fetchPage(`http://localhost:${server.port}/to-loopback`, options(['localhost'])),
    ).rejects.toMatchObject({ reason: 'blocked-address' });
    expect(hits['/target']).toBeUndefined();
  });

  it('refuses redirects to the cloud metadata address and to IPv4-mapped loopback', async () => {
    await expect(
      fetchPage(server.url('/to-metadata'), options(['127.0.0.1'])),
    ).rejects.toMatchObject({
      reason: 'blocked-address',
      message:
        '169.254.169.254 leads to 169.254.169.254, a cloud metadata address; the scraper only fetches public shops',
    });
    await expect(fetchPage(server.url('/to-mapped'), options(['127.0.0.1']))).rejects.toMatchObject(
      {
        reason: 'blocked-address',
      },
    );
    expect(hits['/target']).toBeUndefined();
  });

  it('lets allow-listed localhost and 127.0.0.1 through', async () => {
    expect(
      (await fetchPage(`http://localhost:${server.port}/target`, options(['localhost']))).html,
    ).toBe(page);
    expect((await fetchPage(server.url('/target'), options(['127.0.0.1']))).html).toBe(page);
    expect(hits['/target']).toBe(2);
  });

  describe("this machine's own address", () => {
    it('is refused, before connecting', async (context) => {
      if (own === undefined) return context.skip(noOwnAddress);
      await expect(fetchPage(ownUrl, options(['127.0.0.1']))).rejects.toMatchObject({
        reason: 'blocked-address',
        statusCode: 400,
        message: expect.stringContaining("one of this server's own addresses"),
      });
      expect(ownHits).toBe(0);
    });

    it('is refused after a redirect from an allowed host', async (context) => {
      if (own === undefined) return context.skip(noOwnAddress);
      await expect(fetchPage(server.url('/to-own'), options(['127.0.0.1']))).rejects.toMatchObject({
        reason: 'blocked-address',
      });
      expect(ownHits).toBe(0);
    });

    it('answers when allow-listed, so the refusals above are the guard at work', async (context) => {
      if (own === undefined) return context.skip(noOwnAddress);
      const page = await fetchPage(server.url('/to-own'), options(['127.0.0.1', own]));
      expect(page.html).toBe('<h1>Internal dashboard</h1>');
      expect(ownHits).toBe(1);
    });
  });
});
