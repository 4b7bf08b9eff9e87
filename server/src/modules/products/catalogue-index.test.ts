// The index alone against a plain model of what the search means (every searched word starts a
// word of the text, each filter holds one of its values, newest first), through rounds of
// rewording, event changes and deletions that leave its word store mostly stale, so it is
// written anew several times.
import { productEvents } from '@dealdesk/core';
import { describe, expect, it } from 'vitest';
import { searchedWords } from '../../adapters/storage/search-words.js';
import { catalogueIndex, type IndexedProduct } from './catalogue-index.js';

const vocabulary = ['oak', 'oat', 'steel', 'stool', 'red', 'reed', 'lamp', 'lamb', 'x1', 'x10'];
const events = productEvents;

/** A small deterministic generator (the test's answers never depend on the clock). */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T };
}

describe('the catalogue index', () => {
  it('finds what a plain scan finds while its word store is written anew', () => {
    const random = seeded(37);
    const product = (id: string): IndexedProduct => ({
      id,
      category_id: random.pick(['c1', 'c2', 'c3']),
      subcategory_id: random.pick(['s1', 's2']),
      events: random.pick(events),
      // Repeated words and doubled spaces, as search texts may have.
      search_text: Array.from({ length: 1 + Math.floor(random.next() * 4) }, () =>
        random.pick(vocabulary),
      ).join(random.next() < 0.1 ? '  ' : ' '),
    });
    const held = new Map<string, IndexedProduct>();
    const ids = Array.from({ length: 2_000 }, (_, at) => `p${String(at).padStart(6, '0')}`);
    const index = catalogueIndex(64);
    for (let at = 0; at < ids.length; at += 500) {
      const part = ids.slice(at, at + 500).map(product);
      part.forEach((one) => held.set(one.id, one));
      index.apply(part, []);
    }
    index.trim();

    const expectSameAnswers = () => {
      for (let n = 0; n < 40; n += 1) {
        const q =
          random.next() < 0.3
            ? ''
            : random.pick(vocabulary).slice(0, 1 + Math.floor(random.next() * 3));
        const filters = {
          q,
          categories: random.next() < 0.5 ? [] : [random.pick(['c1', 'c2', 'c3'])],
          subCategories: [],
          events: random.next() < 0.5 ? [] : [random.pick(events)],
        };
        const searched = searchedWords(q) ?? [];
        const matching = [...held.values()]
          .filter(
            (one) =>
              searched.every((word) =>
                one.search_text.split(' ').some((text) => text !== '' && text.startsWith(word)),
              ) &&
              (filters.categories.length === 0 || filters.categories.includes(one.category_id)) &&
              (filters.events.length === 0 || filters.events.some((event) => event === one.events)),
          )
          .map((one) => one.id)
          .sort()
          .reverse();
        expect(index.find(filters, 10, 30), JSON.stringify(filters)).toEqual({
          ids: matching.slice(10, 40),
          total: matching.length,
        });
      }
    };
    expectSameAnswers();
    expect(index.size()).toBe(ids.length);

    for (let round = 0; round < 30; round += 1) {
      // Under the share that lays everything out again: each reworded product moves in place.
      const changed = Array.from({ length: 30 }, () => product(random.pick(ids)));
      const gone = Array.from({ length: 5 }, () => random.pick(ids));
      for (const id of gone) held.delete(id);
      for (const one of changed) held.set(one.id, one);
      index.apply(changed, gone);
      expectSameAnswers();
      expect(index.size()).toBe(held.size);
    }
  });
});
