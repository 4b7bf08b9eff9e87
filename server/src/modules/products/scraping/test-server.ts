// For the scraper's tests: a real HTTP server on 127.0.0.1 serving the saved pages under
// fixtures/ (GET /amazon/product.html) plus whatever routes a test adds.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScrapeResult } from '@dealdesk/core';
import { afterAll, beforeAll } from 'vitest';
import type { Extractor } from './extractor.js';
import { createScraper, type Scraper } from './index.js';

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface TestServer {
  port: number;
  /** http://127.0.0.1:<port><path> */
  url(path: string): string;
  close(): Promise<void>;
}

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
};

export function readFixture(path: string): Promise<string> {
  return readFile(join(fixturesDir, normalize(path)), 'utf8');
}

async function serveFixture(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://fixture').pathname;
  try {
    const body = await readFixture(decodeURIComponent(path));
    response.writeHead(200, {
      'content-type': contentTypes[extname(path)] ?? 'application/octet-stream',
    });
    response.end(body);
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('no such fixture');
  }
}

/** Serves `routes` by exact path, anything else from fixtures/. */
export async function startTestServer(routes: Record<string, Route> = {}): Promise<TestServer> {
  const server = createServer((request, response) => {
    const route = routes[new URL(request.url ?? '/', 'http://fixture').pathname];
    if (route) route(request, response);
    else void serveFixture(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Registers a fixture server and a scraper that reads every page with `extractor` (the saved
 * pages are served from 127.0.0.1, not from the marketplace's host), for one test file.
 */
export function scrapeWith(
  extractor: Extractor,
  routes: Record<string, Route> = {},
): (path: string) => Promise<ScrapeResult> {
  let server: TestServer;
  let scraper: Scraper;
  beforeAll(async () => {
    server = await startTestServer(routes);
    scraper = createScraper({ allowHosts: ['127.0.0.1'], resolveExtractor: () => extractor });
  });
  afterAll(async () => {
    await scraper.close();
    await server.close();
  });
  return (path) => scraper.scrape(server.url(path));
}
