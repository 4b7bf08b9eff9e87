// The marketplace scraping service: one scraper per process (the products route and the CLI's
// bulk import share it), with a concurrency limit over everything it fetches.
import {
  scrapeConcurrency,
  scrapePageMaxBytes,
  scrapeTimeoutMs,
  type ScrapeResult,
} from '@dealdesk/core';
import { load } from 'cheerio';
import pLimit from 'p-limit';
import { ScrapeError } from './errors.js';
import type { Extractor, ProductPage } from './extractor.js';
import { createGuardedAgent, fetchPage } from './fetch.js';
import { generic } from './generic.js';
import { allowHostSet } from './guard.js';
import { extractorFor } from './marketplaces.js';
import { toScrapeResult, withFallback } from './product.js';
import { isRobotCheck } from './robot-check.js';

export { ScrapeError } from './errors.js';
export type { Extractor } from './extractor.js';

// Marketplaces turn away clients that do not look like a browser.
const defaultUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

export interface ScraperOptions {
  /** Host names fetched even on private or loopback addresses (DEALDESK_SCRAPE_ALLOW_HOSTS). */
  allowHosts?: Iterable<string>;
  /** The whole fetch, redirects and body included; default 10 s. */
  timeoutMs?: number;
  /** Pages above this are refused without being read to the end; default 5 MB. */
  maxBytes?: number;
  /** Pages fetched at the same time, across all calls; default 4. */
  concurrency?: number;
  userAgent?: string;
  /**
   * Picks the extractor for a page from the address it was finally served from. The default
   * chooses by host; tests, which serve saved marketplace pages from 127.0.0.1, choose here.
   */
  resolveExtractor?: (url: URL) => Extractor;
}

export type ScrapeOutcome =
  { url: string; ok: true; result: ScrapeResult } | { url: string; ok: false; error: ScrapeError };

export interface Scraper {
  /** The product on the page at `url`, or a ScrapeError saying why there is none. */
  scrape(url: string): Promise<ScrapeResult>;
  /** One outcome per address, in the order given; at most `concurrency` pages in flight. */
  scrapeMany(urls: readonly string[]): Promise<ScrapeOutcome[]>;
  /** Closes the scraper's connections. */
  close(): Promise<void>;
}

/** DEALDESK_SCRAPE_ALLOW_HOSTS as a list: host names separated by commas or spaces, any case. */
export function parseAllowHosts(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(/[\s,]+/)
    .map((host) => host.toLowerCase())
    .filter((host) => host !== '');
}

function positive(name: string, value: number): number {
  if (!(Number.isFinite(value) && value > 0))
    throw new RangeError(`${name} must be above 0, not ${value}`);
  return value;
}

function readProduct(page: ProductPage, extractor: Extractor): ScrapeResult {
  if (isRobotCheck(page.$)) {
    throw new ScrapeError(
      'robot-check',
      `${page.url.host} showed a robot check (captcha) instead of the product; try again later or enter the product by hand`,
    );
  }
  const fallback = generic.extract(page);
  const found = extractor === generic ? fallback : withFallback(extractor.extract(page), fallback);
  return toScrapeResult(found, page.url);
}

export function createScraper(options: ScraperOptions = {}): Scraper {
  const limit = pLimit(positive('concurrency', options.concurrency ?? scrapeConcurrency.default));
  const timeoutMs = positive('timeoutMs', options.timeoutMs ?? scrapeTimeoutMs);
  const maxBytes = positive('maxBytes', options.maxBytes ?? scrapePageMaxBytes);
  const allowHosts = allowHostSet(options.allowHosts ?? []);
  const dispatcher = createGuardedAgent(allowHosts);
  const fetchOptions = {
    dispatcher,
    allowHosts,
    timeoutMs,
    maxBytes,
    userAgent: options.userAgent ?? defaultUserAgent,
  };
  const resolveExtractor = options.resolveExtractor ?? extractorFor;

  const scrape = (url: string) =>
    limit(async () => {
      const page = await fetchPage(url, fetchOptions);
      return readProduct(
        { $: load(page.html), html: page.html, url: page.url },
        resolveExtractor(page.url),
      );
    });

  const outcome = async (url: string): Promise<ScrapeOutcome> => {
    try {
      return { url, ok: true, result: await scrape(url) };
    } catch (error) {
      // Anything else is a bug, and is not dressed up as a page that could not be read.
      if (error instanceof ScrapeError) return { url, ok: false, error };
      throw error;
    }
  };

  return {
    scrape,
    scrapeMany: (urls) => Promise.all(urls.map(outcome)),
    close: () => dispatcher.close(),
  };
}

/** Scrapes one page with a scraper of its own (prefer one shared `createScraper` in a server). */
export async function scrapeProduct(
  url: string,
  options: ScraperOptions = {},
): Promise<ScrapeResult> {
  const scraper = createScraper(options);
  try {
    return await scraper.scrape(url);
  } finally {
    await scraper.close();
  }
}
