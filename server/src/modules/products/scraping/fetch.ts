// The guarded fetcher: follows redirects itself so every hop is checked against the SSRF guard,
// bounds the whole exchange by one deadline, and stops reading at the size limit.
import { STATUS_CODES } from 'node:http';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { MB } from '@dealdesk/core';
import { Agent, request, type Dispatcher } from 'undici';
import { ScrapeError } from './errors.js';
import { assertPublicHost, guardedLookup, normalizeHost } from './guard.js';

export const maxRedirects = 5;

export interface FetchOptions {
  /** An agent from `createGuardedAgent`, whose sockets re-check every resolved address. */
  dispatcher: Dispatcher;
  allowHosts: ReadonlySet<string>;
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
}

export interface FetchedPage {
  /** The address the page finally came from, after redirects. */
  url: URL;
  html: string;
}

export function createGuardedAgent(allowHosts: ReadonlySet<string>): Agent {
  return new Agent({ connect: { lookup: guardedLookup(allowHosts) } });
}

/** The address an admin typed, as a URL; 'amazon.in/dp/...' without a scheme means https. */
export function parseScrapeUrl(input: string): URL {
  const text = input.trim();
  if (text === '') throw new ScrapeError('invalid-url', 'Please enter a URL to scrape');
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ScrapeError('invalid-url', `"${text}" is not a valid web address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ScrapeError(
      'unsupported-scheme',
      `Only http and https addresses can be scraped, not ${url.protocol.replace(/:$/, '')}`,
    );
  }
  return url;
}

function describeSize(bytes: number): string {
  return bytes >= MB ? `${Number((bytes / MB).toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function header(response: Dispatcher.ResponseData, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

function redirectTarget(response: Dispatcher.ResponseData, from: URL): URL | undefined {
  const location = header(response, 'location');
  if (!redirectStatuses.has(response.statusCode) || location === undefined) return undefined;
  try {
    return parseScrapeUrl(new URL(location, from).href);
  } catch (error) {
    if (error instanceof ScrapeError) throw error;
    throw new ScrapeError('invalid-url', `The shop redirected to an invalid address (${location})`);
  }
}

const htmlTypes = new Set(['text/html', 'application/xhtml+xml']);

function checkResponse(response: Dispatcher.ResponseData, url: URL, maxBytes: number): void {
  const status = response.statusCode;
  if (status < 200 || status > 299) {
    const meaning = STATUS_CODES[status] ?? 'an unexpected status';
    throw new ScrapeError(
      'http-status',
      `${url.host} answered HTTP ${status} (${meaning}) instead of the page`,
    );
  }
  // No content type at all is let through: the extractors decide whether it is a product page.
  const mediaType = header(response, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== undefined && mediaType !== '' && !htmlTypes.has(mediaType)) {
    throw new ScrapeError('not-html', `${url.host} answered ${mediaType}, not a web page`);
  }
  const length = Number(header(response, 'content-length'));
  if (Number.isFinite(length) && length > maxBytes) {
    throw new ScrapeError(
      'too-large',
      `The page is ${describeSize(length)}, over the ${describeSize(maxBytes)} limit`,
    );
  }
}

const decompressors: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

function decoded(response: Dispatcher.ResponseData): Readable {
  const encoding = header(response, 'content-encoding')?.trim().toLowerCase() ?? 'identity';
  if (encoding === 'identity' || encoding === '') return response.body;
  const decompressor = decompressors[encoding];
  if (decompressor === undefined) {
    throw new ScrapeError(
      'not-html',
      `The page came in an encoding the scraper cannot read (${encoding})`,
    );
  }
  return pipeline(response.body, decompressor(), () => {
    // Errors surface through the returned stream, which the reader consumes.
  });
}

function charsetOf(response: Dispatcher.ResponseData): string {
  return /charset\s*=\s*"?([\w-]+)/i.exec(header(response, 'content-type') ?? '')?.[1] ?? 'utf-8';
}

/** The body as text, read only up to `maxBytes` (after decompression): the rest is never buffered. */
async function readPage(response: Dispatcher.ResponseData, maxBytes: number): Promise<string> {
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      throw new ScrapeError('too-large', `The page is over the ${describeSize(maxBytes)} limit`);
    }
    chunks.push(chunk);
  }
  return decodeText(Buffer.concat(chunks), charsetOf(response));
}

function decodeText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes); // an unknown charset label: UTF-8, the web's default
  }
}

/**
 * Drops a body that will not be read (a redirect's, a refused answer's, the rest of an
 * oversized page), closing its connection; the abort error that follows is expected.
 */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

function networkFailure(error: unknown, url: URL): ScrapeError {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ScrapeError) return cause;
  }
  const code = error instanceof Error && 'code' in error ? String(error.code) : undefined;
  const host = normalizeHost(url.hostname);
  const message =
    code === 'ENOTFOUND'
      ? `The address ${host} could not be found`
      : `Could not load the page from ${host}${code === undefined ? '' : ` (${code})`}`;
  return new ScrapeError('network', message, { cause: error });
}

/**
 * Fetches a product page: http(s) only, at most `maxRedirects` redirects (each one re-checked
 * against the SSRF guard), within `timeoutMs` overall, HTML only, at most `maxBytes`.
 */
export async function fetchPage(address: string, options: FetchOptions): Promise<FetchedPage> {
  let url = parseScrapeUrl(address);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  try {
    for (let redirects = 0; ; redirects += 1) {
      assertPublicHost(url, options.allowHosts);
      const response = await request(url, {
        dispatcher: options.dispatcher,
        signal: deadline.signal,
        headers: {
          'user-agent': options.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          'accept-language': 'en-IN,en;q=0.9',
          'accept-encoding': 'gzip, deflate, br',
        },
      });
      let next: URL | undefined;
      try {
        next = redirectTarget(response, url);
        if (next === undefined) {
          checkResponse(response, url, options.maxBytes);
          return { url, html: await readPage(response, options.maxBytes) };
        }
      } finally {
        if (!response.body.readableEnded) discard(response.body);
      }
      if (redirects === maxRedirects) {
        throw new ScrapeError(
          'too-many-redirects',
          `The page redirected more than ${maxRedirects} times`,
        );
      }
      url = next;
    }
  } catch (error) {
    if (deadline.signal.aborted) {
      throw new ScrapeError(
        'timeout',
        `${url.host} did not answer within ${options.timeoutMs / 1000} s`,
        {
          cause: error,
        },
      );
    }
    throw networkFailure(error, url);
  } finally {
    clearTimeout(timer);
  }
}
