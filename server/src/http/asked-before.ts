// The front cache's requests as they were spelt: a phone or a CDN revalidating asks the same
// URL with the same headers over and over, so the entry and representation a spelling chose are
// remembered, and the next ask skips reading its query with the call's schemas, choosing the
// coding and envelope, and building the key (bench/README.md: what the 304 profile showed).
import type { IncomingHttpHeaders } from 'node:http';
import { keyHeader } from './envelope-keys.js';
import { envelopeHeader } from './wire.js';

/**
 * Spellings remembered, and the longest one: at most about 2 MB of strings, whatever a flood
 * of junk query strings asks (docs/decisions.md "The 304 path").
 */
const rememberedSpellings = 1000;
const longestSpelling = 2048;

/**
 * What a spelling chose, the entry held weakly: one the shared budget let go is not kept alive
 * here, and its spelling is forgotten when next asked.
 */
export interface Chosen<Entry extends object> {
  key: string;
  entry: WeakRef<Entry>;
  /** The representation's name in the entry (form, coding and envelope key). */
  name: string;
  /** Sealed with the previous envelope key (counted in /metrics). */
  previousKey: boolean;
}

/**
 * The request as the front cache reads it: its URL and every header its answer depends on
 * (the link address, the coding, the envelope and its key). A newline never occurs in either, so two
 * different requests never share a spelling. Null when too long to remember.
 */
export function spellingOf(url: string, headers: IncomingHttpHeaders): string | null {
  const spelling = `${url}\n${headers.host ?? ''}\n${String(headers['x-forwarded-proto'] ?? '')}\n${headers['accept-encoding'] ?? ''}\n${String(headers[envelopeHeader] ?? '')}\n${String(headers[keyHeader] ?? '')}`;
  return spelling.length > longestSpelling ? null : spelling;
}

export function askedBefore<Entry extends object>() {
  const chosen = new Map<string, Chosen<Entry>>();
  return {
    get: (spelling: string): Chosen<Entry> | undefined => chosen.get(spelling),
    remember(spelling: string, choice: Chosen<Entry>): void {
      chosen.delete(spelling);
      if (chosen.size >= rememberedSpellings) {
        const oldest = chosen.keys().next();
        if (oldest.done !== true) chosen.delete(oldest.value);
      }
      chosen.set(spelling, choice);
    },
    forget: (spelling: string): boolean => chosen.delete(spelling),
  };
}
