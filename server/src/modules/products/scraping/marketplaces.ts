import { ajio } from './ajio.js';
import { amazon } from './amazon.js';
import type { Extractor } from './extractor.js';
import { flipkart } from './flipkart.js';
import { generic } from './generic.js';
import { normalizeHost } from './guard.js';
import { meesho } from './meesho.js';
import { myntra } from './myntra.js';

/** The five marketplaces with their own extractor; every other shop gets the generic one. */
export const marketplaces: readonly Extractor[] = [amazon, flipkart, myntra, ajio, meesho];

function servedBy(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The extractor for a page, chosen by the host it was finally served from. */
export function extractorFor(url: URL): Extractor {
  const host = normalizeHost(url.hostname);
  return (
    marketplaces.find((shop) => shop.hosts.some((domain) => servedBy(host, domain))) ?? generic
  );
}
