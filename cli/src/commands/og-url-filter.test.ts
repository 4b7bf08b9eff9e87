// The fixed-size filter that tells whether an import file repeats an og_url: a repeat is always
// found, and a file of distinct og_urls (here 200,000) is not taken for one that repeats.
import { describe, expect, it } from 'vitest';
import { OgUrlFilter } from './og-url-filter.js';

const url = (index: number) => `https://shop.example.com/kurta/${index}?ref=feed-${index % 97}`;

describe('OgUrlFilter', () => {
  it('finds every og_url noted before, and takes none of 200,000 distinct ones for a repeat', () => {
    const filter = new OgUrlFilter();
    const repeats = Array.from({ length: 200_000 }, (_, index) => filter.add(url(index)));
    expect(repeats.filter(Boolean)).toHaveLength(0);
    for (const index of [0, 1, 77_777, 199_999]) expect(filter.add(url(index))).toBe(true);
    expect(filter.add('https://shop.example.com/ünïcode/🧵')).toBe(false);
    expect(filter.add('https://shop.example.com/ünïcode/🧵')).toBe(true);
  });
});
