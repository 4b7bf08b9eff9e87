// Shared by the extractors: text cleanup, prices and counts, JSON embedded in scripts, and
// lenient reading of that JSON (shops change their shapes without notice, so a field of the
// wrong type is treated as missing rather than as an error).
import { load, type CheerioAPI } from 'cheerio';
import type { Specifications } from '@dealdesk/core';

const directionMarks = /[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g;

/** Decodes HTML entities (&amp;, &#8377;, &nbsp;) left in JSON strings and attributes. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  // Escaping '<' keeps text such as "a <b" from being read as markup.
  return load(text.replace(/</g, '&lt;'), null, false).text();
}

/** Entities decoded, direction marks dropped, whitespace collapsed; undefined when nothing is left. */
export function cleanText(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = decodeEntities(String(value))
    .replace(directionMarks, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? undefined : text;
}

/** A price as a number: '₹1,299.00' -> 1299, 'Rs. 1,29,999' -> 129999, 499 -> 499. */
export function parsePrice(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  // The first amount wins, so a range ('₹499 - ₹999') gives its lower end.
  const amount = /\d[\d,]*(?:\.\d+)?/.exec(decodeEntities(value));
  return amount === null ? undefined : Number(amount[0].replace(/,/g, ''));
}

/** A count such as '1,23,456' or 123456 as a whole number. */
export function parseCount(value: unknown): number | undefined {
  const count = parsePrice(value);
  return count === undefined ? undefined : Math.round(count);
}

/** A star rating out of 5 as text with one decimal ('4.2 out of 5 stars' -> '4.2'). */
export function formatRating(value: unknown): string | undefined {
  const rating = parsePrice(value);
  return rating === undefined || rating > 5 ? undefined : rating.toFixed(1);
}

const indianNumber = new Intl.NumberFormat('en-IN');

/** '12,345 Ratings, 678 Reviews', in the wording of the app's default '0 Ratings, 0 Reviews'. */
export function formatRatingsAndReviews(ratings: unknown, reviews: unknown): string | undefined {
  const ratingCount = parseCount(ratings);
  const reviewCount = parseCount(reviews);
  const counts: string[] = [];
  if (ratingCount !== undefined) counts.push(`${indianNumber.format(ratingCount)} Ratings`);
  if (reviewCount !== undefined) counts.push(`${indianNumber.format(reviewCount)} Reviews`);
  return counts.length > 0 ? counts.join(', ') : undefined;
}

/** Index just past the JSON object or array that starts at `start`, honouring strings and escapes. */
function endOfJsonValue(text: string, start: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return undefined;
}

/**
 * The JSON object or array that follows `marker` in a page's source, e.g.
 * `window.__myx = {...}` or Amazon's `'colorImages': { 'initial': [...] }` (whose outer object
 * is JavaScript, not JSON, so the marker must end just before the JSON part). Undefined when the
 * marker is absent or what follows does not parse.
 */
export function jsonAfter(source: string, marker: RegExp): unknown {
  const found = marker.exec(source);
  if (found === null) return undefined;
  const afterMarker = found.index + found[0].length;
  const gap = /^\s*(?=[{[])/.exec(source.slice(afterMarker, afterMarker + 256));
  if (gap === null) return undefined;
  const from = afterMarker + gap[0].length;
  const end = endOfJsonValue(source, from);
  return end === undefined ? undefined : parseJson(source.slice(from, end));
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The parsed contents of every `<script>` matching the selector (JSON-LD, `__NEXT_DATA__`). */
export function jsonScripts($: CheerioAPI, selector: string): unknown[] {
  return $(selector)
    .toArray()
    .map((script) => parseJson($(script).text()))
    .filter((json) => json !== undefined);
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The strings of a list, anything else (missing values, objects) left out. */
export function strings(values: readonly unknown[]): string[] {
  return values.filter((value): value is string => typeof value === 'string');
}

/** JSON-LD's "one or many": an array as is, a single value as a list of one, nothing as none. */
export function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The value at a path of keys and indexes, or undefined as soon as a step is missing. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const step of path) {
    if (typeof step === 'number') current = asList(current)[step];
    else current = asRecord(current)?.[step];
    if (current === undefined) return undefined;
  }
  return current;
}

/** Name-to-value pairs as specifications: both sides cleaned, a trailing ':' dropped, blanks skipped. */
export function specificationsFrom(
  pairs: Iterable<readonly [unknown, unknown]>,
): Specifications | undefined {
  const specifications: Specifications = {};
  for (const [rawName, rawValue] of pairs) {
    const name = cleanText(rawName)?.replace(/\s*:$/, '');
    const value = cleanText(rawValue);
    if (name !== undefined && name !== '' && value !== undefined && !(name in specifications)) {
      specifications[name] = value;
    }
  }
  return Object.keys(specifications).length > 0 ? specifications : undefined;
}

/**
 * Name-value pairs from table-like rows (a spec table's <tr>, a bullet list's <li>): the first
 * `name` and `value` element inside each row. A value cell holding a list gives its items
 * joined by commas; scripts and styles inside a cell are ignored.
 */
export function rowPairs(
  $: CheerioAPI,
  rows: string,
  name: string,
  value: string,
): (readonly [string | undefined, string | undefined])[] {
  return $(rows)
    .toArray()
    .map((row) => {
      const cell = $(row).find(value).first().clone();
      cell.find('script, style').remove();
      const items = cell
        .find('li')
        .toArray()
        .map((item) => cleanText($(item).text()))
        .filter((item) => item !== undefined);
      const text = items.length > 0 ? items.join(', ') : cleanText(cell.text());
      return [cleanText($(row).find(name).first().text()), text] as const;
    });
}

/** The text of the first element matching any of the selectors, in order of preference. */
export function firstText($: CheerioAPI, selectors: readonly string[]): string | undefined {
  for (const selector of selectors) {
    const text = cleanText($(selector).first().text());
    if (text !== undefined) return text;
  }
  return undefined;
}
