// The marketplace scraping service: one scraper per process (the products route and the CLI's
// bulk import share it), with a concurrency limit over everything it fetches and a bounded
// queue in front of it, shared fairly between the administrators scraping.
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
export { parseAllowHosts } from './guard.js';
export type { Extractor } from './extractor.js';

// Marketplaces turn away clients that do not look like a browser.
const defaultUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/**
 * The queue in front of the fetch slots. A scrape holds a place from the moment it is accepted
 * until it ends, running or waiting. At most `waiting` scrapes wait for a slot (beyond the
 * `concurrency` running); one caller (an administrator) holds at most `perCaller` places. Past
 * either bound the scrape is refused at once (429) instead of waiting behind pages that hang:
 * with 4 slots and a 10 s timeout, a scrape accepted last waits about a minute at worst, which
 * is what the refusal asks the admin to wait before trying again.
 */
export const scrapeQueueLimits = {
  waiting: 20,
  perCaller: scrapeConcurrency.max,
  retryAfterSeconds: 60,
} as const;

export interface ScraperOptions {
  /** Host names fetched even on private or loopback addresses (DEALDESK_SCRAPE_ALLOW_HOSTS). */
  allowHosts?: Iterable<string>;
  /** The whole fetch, redirects and body included; default 10 s. */
  timeoutMs?: number;
  /** Pages above this are refused without being read to the end; default 5 MB. */
  maxBytes?: number;
  /** Pages fetched at the same time, across all calls; default 4. */
  concurrency?: number;
  /** Scrapes that may wait for a fetch slot; more are refused (429). Default 20. */
  maxWaiting?: number;
  /** Places (running or waiting) one caller may hold at once; more are refused (429). Default 5. */
  maxPerCaller?: number;
  userAgent?: string;
  /**
   * Picks the extractor for a page from the address it was finally served from. The default
   * chooses by host; tests, which serve saved marketplace pages from 127.0.0.1, choose here.
   */
  resolveExtractor?: (url: URL) => Extractor;
}

export type ScrapeOutcome =
  { url: string; ok: true; result: ScrapeResult } | { url: string; ok: false; error: ScrapeError };

/** Who asks for a scrape: their share of the queue is counted by `by` (an admin id). */
export interface ScrapeRequest {
  by?: string;
}

export interface Scraper {
  /**
   * The product on the page at `url`, or a ScrapeError saying why there is none; refused at
   * once ('queue-full', 'share-used') when the queue has no place for it.
   */
  scrape(url: string, request?: ScrapeRequest): Promise<ScrapeResult>;
  /**
   * One outcome per address, in the order given. It holds at most `concurrency` places of the
   * queue (and no more than a caller's share), so a long list waits its turn instead of
   * being refused.
   */
  scrapeMany(urls: readonly string[], request?: ScrapeRequest): Promise<ScrapeOutcome[]>;
  /** Closes the scraper's connections. */
  close(): Promise<void>;
}

function wholePositive(name: string, value: number): number {
  if (!(Number.isInteger(value) && value > 0))
    throw new RangeError(`${name} must be a whole number above 0, not ${value}`);
  return value;
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
  const concurrency = positive('concurrency', options.concurrency ?? scrapeConcurrency.default);
  const limit = pLimit(concurrency);
  const maxWaiting = wholePositive('maxWaiting', options.maxWaiting ?? scrapeQueueLimits.waiting);
  const maxPerCaller = wholePositive(
    'maxPerCaller',
    options.maxPerCaller ?? scrapeQueueLimits.perCaller,
  );
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

  /** Places taken: every accepted scrape until it ends, and each caller's share of them. */
  let taken = 0;
  const takenBy = new Map<string, number>();

  /** Takes a place for one scrape, or refuses it; answers the function that gives it back. */
  const takePlace = (by: string | undefined): (() => void) => {
    const mine = by === undefined ? 0 : (takenBy.get(by) ?? 0);
    if (mine >= maxPerCaller) {
      throw new ScrapeError(
        'share-used',
        `You already have ${mine} scrapes waiting or running, the most one administrator can have at once. Please try again when one of them has finished.`,
      );
    }
    // The pages fetched first take the slots, so whatever is above `concurrency` is waiting.
    const waiting = Math.max(0, taken - concurrency);
    if (waiting >= maxWaiting) {
      throw new ScrapeError(
        'queue-full',
        `The scraper is busy: ${waiting} scrapes are waiting. Please try again in a minute.`,
      );
    }
    taken += 1;
    if (by !== undefined) takenBy.set(by, mine + 1);
    return () => {
      taken -= 1;
      if (by === undefined) return;
      const left = (takenBy.get(by) ?? 1) - 1;
      if (left === 0) takenBy.delete(by);
      else takenBy.set(by, left);
    };
  };

  const scrapeNow = async (url: string) => {
    const page = await fetchPage(url, fetchOptions);
    return readProduct(
      { $: load(page.html), html: page.html, url: page.url },
      resolveExtractor(page.url),
    );
  };

  const scrape = async (url: string, request: ScrapeRequest = {}): Promise<ScrapeResult> => {
    // Taken before the first await, so the place is decided when the call is made.
    const giveBack = takePlace(request.by);
    try {
      return await limit(() => scrapeNow(url));
    } finally {
      giveBack();
    }
  };

  const outcome = async (url: string, request: ScrapeRequest): Promise<ScrapeOutcome> => {
    try {
      return { url, ok: true, result: await scrape(url, request) };
    } catch (error) {
      // Anything else is a bug, and is not dressed up as a page that could not be read.
      if (error instanceof ScrapeError) return { url, ok: false, error };
      throw error;
    }
  };

  return {
    scrape,
    scrapeMany: (urls, request = {}) => {
      // Its own pace, so the list never holds more places than it can use at once.
      const pace = pLimit(Math.min(concurrency, maxPerCaller));
      return Promise.all(urls.map((url) => pace(() => outcome(url, request))));
    },
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
