// Whether an import file repeats an og_url, found in a fixed 16 MiB whatever the file's size: a
// Bloom filter of the og_urls read. It may take a new og_url for a repeat (about once in a
// thousand files of a million rows), never a repeat for a new one: such a file is then only sent
// a call at a time, as one that repeats is (import.ts).

const bits = 2 ** 27;
/** Bits set for each og_url. */
const probes = 6;

/** FNV-1a over the UTF-16 code units, from `seed`: two seeds give the probes (double hashing). */
function hash(text: string, seed: number): number {
  let value = seed;
  for (let index = 0; index < text.length; index += 1)
    value = Math.imul(value ^ text.charCodeAt(index), 0x01000193);
  return value >>> 0;
}

export class OgUrlFilter {
  private readonly set = new Uint8Array(bits / 8);

  /** Notes `ogUrl`; true when it may have been noted before. */
  add(ogUrl: string): boolean {
    const first = hash(ogUrl, 0x811c9dc5);
    const step = (hash(ogUrl, 0x01000193) | 1) >>> 0;
    let seen = true;
    for (let probe = 0; probe < probes; probe += 1) {
      const bit = (first + probe * step) % bits;
      const byte = bit >>> 3;
      const mask = 1 << (bit & 7);
      if ((this.set[byte] ?? 0) & mask) continue;
      seen = false;
      this.set[byte] = (this.set[byte] ?? 0) | mask;
    }
    return seen;
  }
}
