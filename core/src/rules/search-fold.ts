// How a search reads text, on every path that stores or reads search words: Latin letters lose
// case and accents (`CAFÉ` and `cafe` are one word), other scripts keep their marks, since a
// Devanagari vowel sign or virama is part of the letter, not an accent on it.

/** A Latin letter and the combining marks after it, once decomposed (NFD). */
const accentedLatin = /(\p{Script=Latin})\p{M}+/gu;

/**
 * The text as searches compare it: lowercase, Latin letters without their accents, everything
 * else as it was, in one Unicode form (NFC). Lowercase first: `İ` lowercases to `i` plus a mark.
 */
export const foldForSearch = (text: string): string =>
  text.toLowerCase().normalize('NFD').replace(accentedLatin, '$1').normalize('NFC');

/**
 * Whether a search box's text asks for nothing findable: something typed, but no letter or
 * digit in it (`😀`, `%`, `___`). Such a search finds nothing, where a blank one lists all.
 */
export const isWordlessSearch = (text: string): boolean =>
  text.trim() !== '' && !/[\p{L}\p{N}]/u.test(text);
