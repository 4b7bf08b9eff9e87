// The product lists' search in memory: which products match a search and filters, newest
// first, answered from bitmaps instead of the database. It finds exactly what the database's
// search finds (matchFullText): every word of the search starts a word of the product's
// search text, and each filter holds one of the values it lists.
//
// It keeps only what the search needs, in typed arrays where it can (about 200 bytes a
// product): each product's id, its words and filter values as numbers, a bitmap per filter
// value and, per word, the slots holding it. The products' rows are the database's: a page is
// read from it by id. The search texts are not kept as strings: at 1,000,000 products they
// were 150 MB of V8's heap, which V8 then let grow by as much again between collections.
//
// Each product has a slot; slots follow the ids' order (ids are time-ordered), so the highest
// set bit is the newest product. A deleted product leaves its slot empty; a product whose id
// would fall between slots (an id from a clock that was behind) has the slots laid out again.
import { searchedWords } from '../../adapters/storage/search-words.js';
import type { ProductFilters } from './repository.js';

/** What the search needs of a product. */
export interface IndexedProduct {
  id: string;
  category_id: string;
  subcategory_id: string;
  events: string;
  search_text: string;
}

type Filter = 'category_id' | 'subcategory_id' | 'events';
const filters: readonly Filter[] = ['category_id', 'subcategory_id', 'events'];

const bitsPerWord = 32;

/** The share of products whose words may change at once before all are laid out anew. */
const rewordedShareBeforeRebuild = 1 / 50;

/** A set of slots, one bit each. */
type Bits = Int32Array;

/** A word's slots, ascending: the first `length` of `slots` (room to grow behind them). */
interface SlotList {
  slots: Int32Array;
  length: number;
}

/** One filter's values: each one's number, its bitmap, and each slot's value by number. */
interface FilterValues {
  codeOf: Map<string, number>;
  values: string[];
  bits: Bits[];
  bySlot: Uint32Array;
}

const emptyValues = (): Record<Filter, FilterValues> => {
  const empty = (): FilterValues => ({
    codeOf: new Map(),
    values: [],
    bits: [],
    bySlot: new Uint32Array(0),
  });
  return { category_id: empty(), subcategory_id: empty(), events: empty() };
};

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

/** Index of the first of the first `length` elements not below `value`, in ascending order. */
function lowerBound<T>(sorted: ArrayLike<T>, value: T, length = sorted.length): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as T) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Makes room for one more slot in `list`, growing it by half. */
function roomForOne(list: SlotList): void {
  if (list.length < list.slots.length) return;
  const grown = new Int32Array(Math.max(4, Math.ceil(list.slots.length * 1.5)));
  grown.set(list.slots);
  list.slots = grown;
}

/** Adds `slot` in its place (at the end when loading and appending; an edit goes between). */
function addSlot(list: SlotList, slot: number): void {
  roomForOne(list);
  const at =
    list.length === 0 || (list.slots[list.length - 1] ?? -1) < slot
      ? list.length
      : lowerBound(list.slots, slot, list.length);
  if (at < list.length && list.slots[at] === slot) return;
  list.slots.copyWithin(at + 1, at, list.length);
  list.slots[at] = slot;
  list.length += 1;
}

function removeSlot(list: SlotList, slot: number): void {
  const at = lowerBound(list.slots, slot, list.length);
  if (list.slots[at] !== slot || at >= list.length) return;
  list.slots.copyWithin(at, at + 1, list.length);
  list.length -= 1;
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

/** The same for the slots of a word's list that are set in `found`. */
function foundListed(found: Bits, listed: SlotList, offset: number, limit: number) {
  const page: number[] = [];
  let total = 0;
  const { slots } = listed;
  for (let at = listed.length - 1; at >= 0; at -= 1) {
    const slot = slots[at] ?? 0;
    if ((((found[slot >>> 5] ?? 0) >>> (slot & 31)) & 1) === 0) continue;
    if (total >= offset && page.length < limit) page.push(slot);
    total += 1;
  }
  return { page, total };
}

/**
 * An index of the products applied to it. The word store is written anew once more of its
 * entries are stale (a deleted or reworded product's) than held, and at least `compactAfter`.
 */
export function catalogueIndex(compactAfter = 1 << 16) {
  /** By slot: its product's id, kept once the product is deleted (cursors fall between). */
  let slotIds: string[] = [];
  let held = 0;
  let capacity = 0;
  /** The slots whose product is held (not deleted). */
  let live: Bits = new Int32Array(0);
  /** Per filter: its values and the slots holding each. */
  let byValue = emptyValues();
  /** Each word of the search texts by its number; by number, the word and its slots. */
  let numberOf = new Map<string, number>();
  let wordNames: string[] = [];
  let slotsOf: SlotList[] = [];
  /** The words in order, for prefixes; rebuilt when a new word comes. */
  let sortedWords: string[] | null = null;
  /**
   * Each slot's search text as word numbers, in its order: `wordCount[slot]` numbers from
   * `wordsFrom[slot]` in the store. Words that change are written again at its end.
   */
  let wordStore = new Int32Array(0);
  let storeLength = 0;
  let storeHeld = 0;
  let wordsFrom = new Uint32Array(0);
  let wordCount = new Uint32Array(0);

  /** The slot of product `id`, deleted or not; undefined when it never had one. */
  const slotOf = (id: string): number | undefined => {
    const at = lowerBound(slotIds, id);
    return slotIds[at] === id ? at : undefined;
  };

  const isHeld = (slot: number) => (((live[slot >>> 5] ?? 0) >>> (slot & 31)) & 1) === 1;

  // A word twice in a text is one slot in its list (addSlot keeps none twice).
  const wordsOf = (text: string) => text.split(' ').filter((word) => word !== '');

  const numberFor = (word: string): number => {
    let number = numberOf.get(word);
    if (number === undefined) {
      number = wordNames.length;
      numberOf.set(word, number);
      wordNames.push(word);
      slotsOf.push({ slots: new Int32Array(4), length: 0 });
      sortedWords = null;
    }
    return number;
  };

  /** The word numbers of `slot`, in its text's order. */
  const wordNumbersAt = (slot: number) =>
    wordStore.subarray(wordsFrom[slot] ?? 0, (wordsFrom[slot] ?? 0) + (wordCount[slot] ?? 0));

  /** Whether `slot` holds the words of `text`, in the same order. */
  const holdsWords = (slot: number, text: string) => {
    const words = wordsOf(text);
    const numbers = wordNumbersAt(slot);
    return (
      words.length === numbers.length &&
      words.every((word, at) => numberOf.get(word) === numbers[at])
    );
  };

  const storeWords = (slot: number, numbers: readonly number[]) => {
    if (storeLength + numbers.length > wordStore.length) {
      const grown = new Int32Array(Math.max(1024, (storeLength + numbers.length) * 2));
      grown.set(wordStore.subarray(0, storeLength));
      wordStore = grown;
    }
    wordStore.set(numbers, storeLength);
    wordsFrom[slot] = storeLength;
    wordCount[slot] = numbers.length;
    storeLength += numbers.length;
    storeHeld += numbers.length;
  };

  /** Writes the held slots' words anew, leaving out those of deleted or reworded products. */
  const compactWords = (room: number) => {
    const compacted = new Int32Array(storeHeld + room);
    let length = 0;
    for (let slot = 0; slot < slotIds.length; slot += 1) {
      if (!isHeld(slot)) continue;
      const numbers = wordNumbersAt(slot);
      compacted.set(numbers, length);
      wordsFrom[slot] = length;
      length += numbers.length;
    }
    wordStore = compacted;
    storeLength = length;
  };

  const grow = <A extends Int32Array | Uint32Array>(array: A, size: number): A => {
    const grown = new (array.constructor as new (size: number) => A)(size);
    grown.set(array);
    return grown;
  };

  const ensureCapacity = (slots: number) => {
    if (slots <= capacity) return;
    capacity = Math.max(1024, 2 ** Math.ceil(Math.log2(slots)));
    live = grow(live, capacity / bitsPerWord);
    wordsFrom = grow(wordsFrom, capacity);
    wordCount = grow(wordCount, capacity);
    for (const filter of filters) {
      const values = byValue[filter];
      values.bits = values.bits.map((bits) => grow(bits, capacity / bitsPerWord));
      values.bySlot = grow(values.bySlot, capacity);
    }
  };

  const placeValues = (product: IndexedProduct, slot: number) => {
    for (const filter of filters) {
      const values = byValue[filter];
      let code = values.codeOf.get(product[filter]);
      if (code === undefined) {
        code = values.values.length;
        values.codeOf.set(product[filter], code);
        values.values.push(product[filter]);
        values.bits.push(new Int32Array(capacity / bitsPerWord));
      }
      values.bySlot[slot] = code;
      setBit(values.bits[code] as Bits, slot);
    }
  };

  const unplaceValues = (slot: number) => {
    for (const filter of filters) {
      const values = byValue[filter];
      const bits = values.bits[values.bySlot[slot] ?? 0];
      if (bits !== undefined) clearBit(bits, slot);
    }
  };

  const place = (product: IndexedProduct, slot: number) => {
    if (!isHeld(slot)) held += 1;
    slotIds[slot] = product.id;
    setBit(live, slot);
    placeValues(product, slot);
    const numbers = wordsOf(product.search_text).map(numberFor);
    storeWords(slot, numbers);
    for (const number of numbers) addSlot(slotsOf[number] as SlotList, slot);
  };

  const unplace = (slot: number) => {
    if (!isHeld(slot)) return;
    held -= 1;
    clearBit(live, slot);
    unplaceValues(slot);
    const numbers = wordNumbersAt(slot);
    for (const number of numbers) removeSlot(slotsOf[number] as SlotList, slot);
    storeHeld -= numbers.length;
  };

  /** The product in `slot` as it is indexed (null when deleted). */
  const productAt = (slot: number): IndexedProduct | null => {
    if (!isHeld(slot)) return null;
    const valueOf = (filter: Filter) => {
      const values = byValue[filter];
      return values.values[values.bySlot[slot] ?? 0] ?? '';
    };
    return {
      id: slotIds[slot] ?? '',
      category_id: valueOf('category_id'),
      subcategory_id: valueOf('subcategory_id'),
      events: valueOf('events'),
      search_text: Array.from(wordNumbersAt(slot), (number) => wordNames[number]).join(' '),
    };
  };

  /** Lays every slot out again from the products given, ascending by id. */
  const rebuild = (all: IndexedProduct[]) => {
    all.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    slotIds = [];
    held = 0;
    capacity = 0;
    live = new Int32Array(0);
    wordsFrom = new Uint32Array(0);
    wordCount = new Uint32Array(0);
    byValue = emptyValues();
    numberOf = new Map();
    wordNames = [];
    slotsOf = [];
    sortedWords = null;
    wordStore = new Int32Array(0);
    storeLength = 0;
    storeHeld = 0;
    ensureCapacity(all.length);
    all.forEach(place);
  };

  /** Every product held, and those given (added or changed) in place of theirs. */
  const allWith = (changed: readonly IndexedProduct[]) => {
    const replaced = new Set(changed.map((product) => product.id));
    const all: IndexedProduct[] = [];
    for (let slot = 0; slot < slotIds.length; slot += 1) {
      const product = productAt(slot);
      if (product !== null && !replaced.has(product.id)) all.push(product);
    }
    return [...all, ...changed];
  };

  /** The slot lists of the words starting with `prefix`. */
  const slotListsStarting = (prefix: string): SlotList[] => {
    sortedWords ??= [...wordNames].sort();
    const lists: SlotList[] = [];
    for (let at = lowerBound(sortedWords, prefix); ; at += 1) {
      const word = sortedWords[at];
      if (word === undefined || !word.startsWith(prefix)) return lists;
      const list = slotsOf[numberOf.get(word) ?? -1];
      if (list !== undefined && list.length > 0) lists.push(list);
    }
  };

  /** The bitmap of one value of a filter, if any product holds it. */
  const valueBits = (filter: Filter, value: string): Bits | undefined => {
    const values = byValue[filter];
    const code = values.codeOf.get(value);
    return code === undefined ? undefined : values.bits[code];
  };

  /** Marks in `bits` the slots holding any of the values listed. */
  const markValues = (filter: Filter, values: readonly string[], bits: Bits, words: number) => {
    for (const value of values) {
      const held = valueBits(filter, value);
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
    /** How many products it holds. */
    size: () => held,

    /** Indexes products anew (added or changed) and forgets the ids gone (deleted). */
    apply(changed: readonly IndexedProduct[], gone: readonly string[]): void {
      for (const id of gone) {
        const slot = slotOf(id);
        if (slot !== undefined) unplace(slot);
      }
      const added: IndexedProduct[] = [];
      const reworded: [IndexedProduct, number][] = [];
      for (const product of changed) {
        const slot = slotOf(product.id);
        if (slot === undefined || !isHeld(slot)) added.push(product);
        else if (!holdsWords(slot, product.search_text)) reworded.push([product, slot]);
        else {
          // Same words (an event or a price changed): only the filters' bits move.
          unplaceValues(slot);
          placeValues(product, slot);
        }
      }
      // Each reworded product moves in its words' slot lists, as long as a common word's; past
      // a share of the catalogue, laying everything out again is cheaper.
      if (reworded.length > held * rewordedShareBeforeRebuild) {
        rebuild(allWith([...reworded.map(([product]) => product), ...added]));
        return;
      }
      for (const [product, slot] of reworded) {
        unplace(slot);
        place(product, slot);
      }
      added.sort((a, b) => (a.id < b.id ? -1 : 1));
      const oldest = added[0];
      if (oldest !== undefined && oldest.id <= (slotIds.at(-1) ?? '')) {
        rebuild(allWith(added));
        return;
      }
      ensureCapacity(slotIds.length + added.length);
      for (const product of added) place(product, slotIds.length);
      if (storeLength - storeHeld > Math.max(compactAfter, storeHeld)) compactWords(storeHeld);
    },

    /** Gives back the room the word lists and the word store keep to grow (once loaded). */
    trim(): void {
      for (const list of slotsOf) list.slots = list.slots.slice(0, list.length);
      compactWords(0);
    },

    /**
     * The ids of one page of the products found, newest first, and how many were found: every
     * word of `q` starts a word of the search text, each filter given holds one of its values.
     * With `below`, only products whose id is lower count (the app's cursor).
     */
    find(
      { q, categories, subCategories, events }: ProductFilters,
      offset: number,
      limit: number,
      below?: string,
    ): { ids: string[]; total: number } {
      const searched = searchedWords(q);
      // Typed, but without a letter or digit: the database's search finds nothing too.
      if (searched === null) return { ids: [], total: 0 };
      const slots = below === undefined ? slotIds.length : lowerBound(slotIds, below);
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
          values.length === 1 && only !== undefined ? valueBits(filter, only) : undefined;
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
      let walked: SlotList | null = null;
      for (const lists of prefixes) {
        const [only] = lists;
        if (lists.length === 1 && only !== undefined && only.length < (walked?.length ?? Infinity))
          walked = only;
      }
      for (const lists of prefixes) {
        if (lists.length === 1 && lists[0] === walked) continue;
        const prefixed = scratch(1, words);
        for (const list of lists)
          for (let at = 0; at < list.length; at += 1) setBit(prefixed, list.slots[at] ?? 0);
        narrow(found, prefixed, words);
      }
      const page =
        walked === null
          ? foundSlots(found, words, offset, limit)
          : foundListed(found, walked, offset, limit);
      return { ids: page.page.map((slot) => slotIds[slot] ?? ''), total: page.total };
    },
  };
}

export type CatalogueIndex = ReturnType<typeof catalogueIndex>;
