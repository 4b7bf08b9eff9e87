import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import {
  asArray,
  at,
  cleanText,
  decodeEntities,
  firstText,
  formatRating,
  formatRatingsAndReviews,
  jsonAfter,
  jsonScripts,
  parseCount,
  parsePrice,
  rowPairs,
  specificationsFrom,
} from './helpers.js';

describe('parsePrice', () => {
  it.each([
    ['₹1,299.00', 1299],
    ['₹ 1,299', 1299],
    ['Rs. 1,29,999', 129999],
    ['&#8377;1,850.00', 1850],
    ['MRP: ₹3,990.00', 3990],
    ['1299.50', 1299.5],
    ['₹499 - ₹999', 499],
    ['1,299.', 1299],
    ['0', 0],
    [499, 499],
    [0, 0],
  ])('reads %j as %d', (input, price) => {
    expect(parsePrice(input)).toBe(price);
  });

  it.each([
    ['Free'],
    [''],
    [-5],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [null],
    [undefined],
    [{ value: 5 }],
  ])('finds no price in %j', (input) => {
    expect(parsePrice(input)).toBeUndefined();
  });

  it('rounds counts to whole numbers', () => {
    expect(parseCount('1,23,456 ratings')).toBe(123456);
    expect(parseCount(12.6)).toBe(13);
    expect(parseCount('none yet')).toBeUndefined();
  });
});

describe('cleanText', () => {
  it('decodes entities, drops direction marks and collapses whitespace', () => {
    expect(cleanText('  Tea &amp; Tulsi\u00a0\n\t Gift&nbsp;Box  ')).toBe('Tea & Tulsi Gift Box');
    expect(cleanText('\u200e boAt \u200f')).toBe('boAt');
    expect(cleanText('Men&#39;s Polo')).toBe("Men's Polo");
    expect(cleanText(4.5)).toBe('4.5');
  });

  it('gives undefined for blank or non-text values', () => {
    expect(cleanText('  \u200e ')).toBeUndefined();
    expect(cleanText(null)).toBeUndefined();
    expect(cleanText({ text: 'x' })).toBeUndefined();
  });

  it('never reads text as markup while decoding', () => {
    expect(decodeEntities('a <b & c &amp; d')).toBe('a <b & c & d');
    expect(decodeEntities('no entities <i>here</i>')).toBe('no entities <i>here</i>');
  });
});

describe('ratings', () => {
  it('formats a star rating out of 5 with one decimal', () => {
    expect(formatRating(4.288912773132324)).toBe('4.3');
    expect(formatRating('4.1 out of 5 stars')).toBe('4.1');
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(5)).toBe('5.0');
  });

  it('refuses ratings that are not out of 5', () => {
    expect(formatRating(8.6)).toBeUndefined();
    expect(formatRating('no rating')).toBeUndefined();
  });

  it('words the counts like the default "0 Ratings, 0 Reviews", in Indian digit grouping', () => {
    expect(formatRatingsAndReviews(123456, '4,502')).toBe('1,23,456 Ratings, 4,502 Reviews');
    expect(formatRatingsAndReviews('71,532 ratings', undefined)).toBe('71,532 Ratings');
    expect(formatRatingsAndReviews(undefined, 18)).toBe('18 Reviews');
    expect(formatRatingsAndReviews(0, 0)).toBe('0 Ratings, 0 Reviews');
    expect(formatRatingsAndReviews(undefined, 'n/a')).toBeUndefined();
  });
});

describe('jsonAfter', () => {
  it('reads the object after a marker, braces and quotes inside strings included', () => {
    const source = `<script>window.__myx = {"pdpData":{"name":"Tee {new} \\"drop\\"","tags":["a]","}"]}};</script><script>var x = {};</script>`;
    expect(jsonAfter(source, /window\.__myx\s*=/)).toEqual({
      pdpData: { name: 'Tee {new} "drop"', tags: ['a]', '}'] },
    });
  });

  it('reads a JSON list inside a JavaScript object', () => {
    const source = `var data = { 'colorImages': { 'initial': [{"hiRes":"https://img/1.jpg"}]}, 'holderRatio': 1.0 };`;
    expect(jsonAfter(source, /'colorImages'\s*:\s*\{\s*'initial'\s*:/)).toEqual([
      { hiRes: 'https://img/1.jpg' },
    ]);
  });

  it('gives undefined when the marker is missing, is not followed by JSON, or the JSON is cut off', () => {
    expect(jsonAfter('<p>nothing</p>', /window\.__myx\s*=/)).toBeUndefined();
    expect(jsonAfter('window.__myx = loadState();', /window\.__myx\s*=/)).toBeUndefined();
    expect(jsonAfter('window.__myx = {"a": [1, 2', /window\.__myx\s*=/)).toBeUndefined();
    expect(jsonAfter("window.__myx = {'a': 1}", /window\.__myx\s*=/)).toBeUndefined();
  });

  it('parses JSON scripts and skips broken ones', () => {
    const $ = load(
      '<script type="application/ld+json">{"@type":"Product"}</script><script type="application/ld+json">{oops</script>',
    );
    expect(jsonScripts($, 'script[type="application/ld+json"]')).toEqual([{ '@type': 'Product' }]);
  });
});

describe('reading JSON', () => {
  it('walks keys and indexes, stopping at the first missing step', () => {
    const state = { product: { images: [{ url: 'a.jpg' }] } };
    expect(at(state, 'product', 'images', 0, 'url')).toBe('a.jpg');
    expect(at(state, 'product', 'images', 3, 'url')).toBeUndefined();
    expect(at(state, 'product', 'images', 'url')).toBeUndefined();
    expect(at('text', 'length')).toBeUndefined();
  });

  it("treats JSON-LD's one-or-many alike", () => {
    expect(asArray('a.jpg')).toEqual(['a.jpg']);
    expect(asArray(['a.jpg', 'b.jpg'])).toEqual(['a.jpg', 'b.jpg']);
    expect(asArray(undefined)).toEqual([]);
    expect(asArray(null)).toEqual([]);
  });
});

describe('specifications', () => {
  it('cleans names and values, drops a trailing colon and blanks, keeps the first of a repeated name', () => {
    expect(
      specificationsFrom([
        ['Product Dimensions \u200f : \u200e', '30 x 25 x 3 cm'],
        ['Colour', 'Navy'],
        ['Colour', 'Blue'],
        ['Empty', '  '],
        [undefined, 'orphan'],
        ['Weight', 170],
      ]),
    ).toEqual({ 'Product Dimensions': '30 x 25 x 3 cm', Colour: 'Navy', Weight: '170' });
    expect(specificationsFrom([['Blank', '']])).toBeUndefined();
  });

  it('reads table rows, joining list items and ignoring scripts', () => {
    const $ = load(`<table>
      <tr><th>Brand</th><td> boAt <script>track()</script></td></tr>
      <tr><th>Features</th><td><ul><li>Bass</li><li> Mic </li></ul></td></tr>
      <tr><th>No value</th></tr>
    </table>`);
    expect(rowPairs($, 'tr', 'th', 'td')).toEqual([
      ['Brand', 'boAt'],
      ['Features', 'Bass, Mic'],
      ['No value', undefined],
    ]);
  });

  it('takes the first selector with text, in order of preference', () => {
    const $ = load(
      '<span class="a"> </span><span class="b">second</span><span class="c">third</span>',
    );
    expect(firstText($, ['.a', '.missing', '.b', '.c'])).toBe('second');
    expect(firstText($, ['.missing'])).toBeUndefined();
  });
});
