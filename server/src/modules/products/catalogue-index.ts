// The product list's search in memory: which products match a search and filters, newest
// first, answered from bitmaps instead of the database. It finds exactly what the database's
// search finds (matchFullText): every word of the search starts a word of the product's
// search text, and each filter holds one of the values it lists.
//
// Each product has a slot; slots follow the ids' order (ids are time-ordered), so the highest
// set bit is the newest product. A deleted product leaves its slot empty; a product whose id
// would fall between slots (an id from a clock that was behind) has the slots laid out again.
import { searchedWords } from '../../adapters/storage/search-words.js';
import type { ProductFilters } from './repository.js';

/** What the search needs of a product, and its answer but for its counts. */
export interface IndexedProduct {
  id: string;
  category_id: string;
  subcategory_id: string;
  events: string;
  search_text: string;
  /** Its listed fields as JSON text (rows.ts listedJson), kept with it: found, it is answered. */
  listed: string;
}

type Filter = 'category_id' | 'subcategory_id' | 'events';
const filters: readonly Filter[] = ['category_id', 'subcategory_id', 'events'];

const bitsPerWord = 32;

/** The share of products whose words may change at once before all are laid out anew. */
const rewordedShareBeforeRebuild = 1 / 50;

const emptyValues = (): Record<Filter, Map<string, Int32Array>> => ({
  category_id: new Map(),
  subcategory_id: new Map(),
  events: new Map(),
});

/** A set of slots, one bit each. */
type Bits = Int32Array;

// Reads past the end are 0: a bitmap may be shorter than the words searched.
const setBit = (bits: Bits, slot: number) => {
  bits[slot >>> 5] = (bits[slot >>> 5] ?? 0) | (1 << (slot & 31));
};
const clearBit = (bits: Bits, slot: number) => {
  bits[slot >>> 5] = (bits[slot >>> 5] ?? 0) & ~(1 << (slot & 31));
};

function popCount(word: number): number {
  let value = word - ((word >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return Math.imul((value + (value >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Index of the first element not below `value` in an ascending array. */
function lowerBound<T>(sorted: readonly T[], value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as T) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Keeps in `found` only the slots also in `bits`, over its first `words` words. */
function narrow(found: Bits, bits: Bits, words: number): void {
  for (let at = 0; at < words; at += 1) found[at] = (found[at] ?? 0) & (bits[at] ?? 0);
}

/** Page `offset`..`offset + limit` of the slots set in `found`, highest first, and their count. */
function foundSlots(found: Bits, words: number, offset: number, limit: number) {
  const page: number[] = [];
  let total = 0;
  for (let at = words - 1; at >= 0; at -= 1) {
    let word = found[at] ?? 0;
    if (word === 0) continue;
    const count = popCount(word);
    // Whole words before the page or after it are only counted.
    if (total + count <= offset || page.length === limit) {
      total += count;
      continue;
    }
    while (word !== 0) {
      const bit = 31 - Math.clz32(word);
      word &= ~(1 << bit);
      if (total >= offset && page.length < limit) page.push(at * bitsPerWord + bit);
      total += 1;
    }
  }
  return { page, total };
}

/** The same for the slots of an ascending list that are set in `found`. */
function foundListed(found: Bits, listed: readonly number[], offset: number, limit: number) {
  const page: number[] = [];
  let total = 0;
  for (let at = listed.length - 1; at >= 0; at -= 1) {
    const slot = listed[at] ?? 0;
    if ((((found[slot >>> 5] ?? 0) >>> (slot & 31)) & 1) === 0) continue;
    if (total >= offset && page.length < limit) page.push(slot);
    total += 1;
  }
  return { page, total };
}

export function catalogueIndex() {
  /** By slot: the product (null once deleted), ascending by id. */
  let products: (IndexedProduct | null)[] = [];
  /** By slot: its product's id, kept once the product is deleted (cursors fall between). */
  let slotIds: string[] = [];
  let slotOf = new Map<string, number>();
  let capacity = 0;
  let live: Bits = new Int32Array(0);
  /** Per filter, per value: the slots holding it. */
  let byValue = emptyValues();
  /** Per word of the search texts: its slots, ascending (a word repeated in a text once). */
  let byWord = new Map<string, number[]>();
  /** The words in order, for prefixes; rebuilt when a new word comes. */
  let sortedWords: string[] | null = null;

  const wordsOf = (product: IndexedProduct) => new Set(product.search_text.split(' '));

  const grow = (bits: Bits) => {
    const grown = new Int32Array(capacity / bitsPerWord);
    grown.set(bits);
    return grown;
  };

  const ensureCapacity = (slots: number) => {
    if (slots <= capacity) return;
    capacity = Math.max(1024, 2 ** Math.ceil(Math.log2(slots)));
    live = grow(live);
    for (const filter of filters)
      for (const [value, bits] of byValue[filter]) byValue[filter].set(value, grow(bits));
  };

  const placeValues = (product: IndexedProduct, slot: number) => {
    for (const filter of filters) {
      const values = byValue[filter];
      let bits = values.get(product[filter]);
      if (bits === undefined) {
        bits = new Int32Array(capacity / bitsPerWord);
        values.set(product[filter], bits);
      }
      setBit(bits, slot);
    }
  };

  const unplaceValues = (product: IndexedProduct, slot: number) => {
    for (const filter of filters) {
      const bits = byValue[filter].get(product[filter]);
      if (bits !== undefined) clearBit(bits, slot);
    }
  };

  const place = (product: IndexedProduct, slot: number) => {
    products[slot] = product;
    slotIds[slot] = product.id;
    slotOf.set(product.id, slot);
    setBit(live, slot);
    placeValues(product, slot);
    for (const word of wordsOf(product)) {
      if (word === '') continue;
      let slots = byWord.get(word);
      if (slots === undefined) {
        slots = [];
        byWord.set(word, slots);
        sortedWords = null;
      }
      // Slots come in ascending order when loading and appending; an edit goes in its place.
      if ((slots.at(-1) ?? -1) < slot) slots.push(slot);
      else slots.splice(lowerBound(slots, slot), 0, slot);
    }
  };

  const unplace = (slot: number) => {
    const product = products[slot];
    if (product === null || product === undefined) return;
    products[slot] = null;
    slotOf.delete(product.id);
    clearBit(live, slot);
    unplaceValues(product, slot);
    for (const word of wordsOf(product)) {
      const slots = byWord.get(word);
      if (slots === undefined) continue;
      const at = lowerBound(slots, slot);
      if (slots[at] === slot) slots.splice(at, 1);
    }
  };

  /** Lays every slot out again from the products given, ascending by id. */
  const rebuild = (all: IndexedProduct[]) => {
    all.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    products = [];
    slotIds = [];
    slotOf = new Map();
    capacity = 0;
    live = new Int32Array(0);
    byValue = emptyValues();
    byWord = new Map();
    sortedWords = null;
    ensureCapacity(all.length);
    all.forEach(place);
  };

  /** The slot lists of the words starting with `prefix`. */
  const slotListsStarting = (prefix: string): number[][] => {
    sortedWords ??= [...byWord.keys()].sort();
    const lists: number[][] = [];
    for (let at = lowerBound(sortedWords, prefix); ; at += 1) {
      const word = sortedWords[at];
      if (word === undefined || !word.startsWith(prefix)) return lists;
      lists.push(byWord.get(word) ?? []);
    }
  };

  /** Marks in `bits` the slots holding any of the values listed. */
  const markValues = (filter: Filter, values: readonly string[], bits: Bits, words: number) => {
    for (const value of values) {
      const held = byValue[filter].get(value);
      if (held !== undefined)
        for (let at = 0; at < words; at += 1) bits[at] = (bits[at] ?? 0) | (held[at] ?? 0);
    }
  };

  /** Two bitmaps a search reuses: what it found, and what one word or filter marks. */
  const scratches: [Bits, Bits] = [new Int32Array(0), new Int32Array(0)];
  const scratch = (which: 0 | 1, words: number): Bits => {
    if (scratches[which].length < words) scratches[which] = new Int32Array(capacity / bitsPerWord);
    const bits = scratches[which].subarray(0, words);
    bits.fill(0);
    return bits;
  };

  rebuild([]);

  return {
    /** Forgets every product and indexes these. */
    load: rebuild,

    /** How many products it holds. */
    size: () => slotOf.size,

    /** Indexes products anew (added or changed) and forgets the ids gone (deleted). */
    apply(changed: readonly IndexedProduct[], gone: readonly string[]): void {
      for (const id of gone) {
        const slot = slotOf.get(id);
        if (slot !== undefined) unplace(slot);
      }
      const added: IndexedProduct[] = [];
      const reworded: [IndexedProduct, number][] = [];
      for (const product of changed) {
        const slot = slotOf.get(product.id);
        const before = slot === undefined ? null : products[slot];
        if (slot === undefined || !before) added.push(product);
        else if (before.search_text !== product.search_text) reworded.push([product, slot]);
        else {
          // Same words (an event or a price changed): only the filters' bits move.
          unplaceValues(before, slot);
          products[slot] = product;
          placeValues(product, slot);
        }
      }
      // Each reworded product moves in its words' slot lists, as long as a common word's; past
      // a share of the catalogue, laying everything out again is cheaper.
      if (reworded.length > slotOf.size * rewordedShareBeforeRebuild) {
        for (const [product, slot] of reworded) products[slot] = product;
        rebuild([...products.filter((product) => product !== null), ...added]);
        return;
      }
      for (const [product, slot] of reworded) {
        unplace(slot);
        place(product, slot);
      }
      added.sort((a, b) => (a.id < b.id ? -1 : 1));
      const newest = products.findLast((product) => product !== null)?.id ?? '';
      const oldest = added[0];
      if (oldest !== undefined && oldest.id <= newest) {
        rebuild([...products.filter((product) => product !== null), ...added]);
        return;
      }
      ensureCapacity(products.length + added.length);
      for (const product of added) place(product, products.length);
    },

    /**
     * One page of the products found, newest first, and how many were found: every word of
     * `q` starts a word of the search text, each filter given holds one of its values. With
     * `below`, only products whose id is lower count (the app's cursor).
     */
    find(
      { q, categories, subCategories, events }: ProductFilters,
      offset: number,
      limit: number,
      below?: string,
    ): { found: IndexedProduct[]; total: number } {
      const searched = searchedWords(q);
      // Typed, but without a letter or digit: the database's search finds nothing too.
      if (searched === null) return { found: [], total: 0 };
      const slots = below === undefined ? products.length : lowerBound(slotIds, below);
      // Only the words holding those slots; filled anew, so nothing is allocated per search.
      const words = Math.ceil(slots / bitsPerWord);
      const found = scratch(0, words);
      found.set(live.subarray(0, words));
      // The last word may hold slots at or past the cursor's.
      if (slots % bitsPerWord !== 0)
        found[words - 1] = (found[words - 1] ?? 0) & ((1 << (slots % bitsPerWord)) - 1);
      const given: [Filter, readonly string[] | undefined][] = [
        ['category_id', categories],
        ['subcategory_id', subCategories],
        ['events', events],
      ];
      for (const [filter, values] of given) {
        if (values === undefined || values.length === 0) continue;
        const [only] = values;
        const held =
          values.length === 1 && only !== undefined ? byValue[filter].get(only) : undefined;
        if (held !== undefined) narrow(found, held, words);
        else {
          const any = scratch(1, words);
          markValues(filter, values, any, words);
          narrow(found, any, words);
        }
      }
      const prefixes = searched.map(slotListsStarting);
      // A word of the search that starts one word of the texts has that word's slots walked,
      // newest first, against what the rest found: fewer steps than marking them in a bitmap
      // and scanning it. The others (a prefix of several words) are marked.
      let walked: number[] | null = null;
      for (const lists of prefixes) {
        const [only] = lists;
        if (lists.length === 1 && only !== undefined && only.length < (walked?.length ?? Infinity))
          walked = only;
      }
      for (const lists of prefixes) {
        if (lists.length === 1 && lists[0] === walked) continue;
        const prefixed = scratch(1, words);
        for (const slots of lists) for (const slot of slots) setBit(prefixed, slot);
        narrow(found, prefixed, words);
      }
      const page =
        walked === null
          ? foundSlots(found, words, offset, limit)
          : foundListed(found, walked, offset, limit);
      return {
        found: page.page.map((slot) => products[slot] as IndexedProduct),
        total: page.total,
      };
    },
  };
}

export type CatalogueIndex = ReturnType<typeof catalogueIndex>;
