// Admin IDs that look alike are one ID: what decides sameness (uniqueness, attempt limits) is
// the ID in NFKC with its case folded, and its "skeleton", where letters of other scripts that
// look Latin, and digits that look like letters, read as those. An ID mixing scripts is refused.
// The server, the invitation form and the CLI check alike.

export const adminIdMessages = {
  mixedScripts:
    'An admin ID uses the letters of one alphabet: do not mix alphabets (such as Latin and Cyrillic)',
  confusable: 'This admin ID looks like an existing one: choose one that is clearly different',
} as const;

/** An admin ID as sameness reads it: compatibility forms folded (NFKC), lower case. */
export const adminIdKey = (id: string): string =>
  id.normalize('NFKC').toLowerCase().normalize('NFKC');

/**
 * Characters that read as another (the common ones of Unicode's confusables), as pairs: the
 * lower-case Cyrillic and Greek letters drawn like Latin ones, dotless i, and the digits 0 and 1
 * beside o and l.
 */
const lookalikes = new Map(
  [
    // Cyrillic
    'аa вb еe ёe һh іi їi јj кk мm нh оo рp сc тt уy хx ѕs ԁd ԛq ԝw ӏl',
    // Greek
    'αa βb εe ηn ιi κk μu νv οo ρp τt υu χx ϲc ϳj ζz',
    // Latin and digits
    'ıi 0o 1l',
  ]
    .join(' ')
    .split(' ')
    .map((pair) => [pair.slice(0, 1), pair.slice(1)] as const),
);

/** The skeleton of an admin ID: two IDs with the same one look the same. */
export const adminIdSkeleton = (id: string): string =>
  Array.from(adminIdKey(id), (char) => lookalikes.get(char) ?? char).join('');

/** Writing systems told apart; Han, kana and Hangul go together, as Japanese and Korean mix them. */
const scripts: readonly [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u],
];

/** The writing systems of an admin ID's letters (digits and signs belong to none). */
export function adminIdScripts(id: string): string[] {
  const found = new Set<string>();
  for (const char of id.normalize('NFKC')) {
    if (!/\p{L}/u.test(char)) continue;
    found.add(scripts.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other');
  }
  return [...found];
}

/** Whether an admin ID mixes the letters of several writing systems. */
export const mixesScripts = (id: string): boolean => adminIdScripts(id).length > 1;
