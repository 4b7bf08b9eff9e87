/** Why a scrape failed; each reason carries the HTTP status the route should answer with. */
export const scrapeFailures = {
  'invalid-url': 400,
  'unsupported-scheme': 400,
  'blocked-address': 400,
  'too-many-redirects': 502,
  'http-status': 502,
  network: 502,
  'robot-check': 502,
  timeout: 504,
  'too-large': 413,
  'not-html': 415,
  'not-a-product': 422,
  // The scrape was not started: the queue is full, or the caller already holds its share of it.
  'queue-full': 429,
  'share-used': 429,
} as const;

export type ScrapeFailure = keyof typeof scrapeFailures;

/** A scrape that gave no product: a message fit for the admin and a suggested HTTP status. */
export class ScrapeError extends Error {
  readonly statusCode: number;

  constructor(
    readonly reason: ScrapeFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ScrapeError';
    this.statusCode = scrapeFailures[reason];
  }
}
