// The words a full-text column holds and a search looks for, the same on both databases. Kept
// apart from the dialects, so the body thread can build a product's search text (body-preparers.ts)
// without loading the database drivers.
import { foldForSearch, isWordlessSearch } from '@dealdesk/core';

/**
 * The words of a text as the search reads them: letters with their marks (so Devanagari words
 * stay whole) and digits, folded (Latin case and accents dropped).
 */
function wordsOf(text: string): string[] {
  return foldForSearch(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

/**
 * What a full-text column holds: the texts' words, one space apart. Both databases index
 * exactly these words, so neither's own word rules (PostgreSQL's depend on its locale) decide
 * what a search finds.
 */
export const searchableText = (...texts: readonly string[]): string =>
  // One pass over the texts joined (a space never joins two words): a bulk import writes this
  // for every product, and a pass per text cost as much as the rest of building the row.
  wordsOf(texts.join(' ')).join(' ');

/** Words of a search box used at most. */
const maxSearchWords = 8;

/**
 * The words a search looks for, each as a whole word or the start of one; null when the search
 * was typed without a letter or digit and so finds nothing ([] for a blank one: no search).
 */
export const searchedWords = (text: string): string[] | null =>
  isWordlessSearch(text) ? null : wordsOf(text).slice(0, maxSearchWords);
