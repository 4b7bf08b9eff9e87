import { describe, expect, it } from 'vitest';
import { foldForSearch, isWordlessSearch } from './search-fold.js';

describe('the search fold', () => {
  it('folds case and accents of Latin letters, composed or typed as marks', () => {
    expect(foldForSearch('Café Crème')).toBe('cafe creme');
    expect(foldForSearch('CAFÉ')).toBe('cafe');
    expect(foldForSearch('cafe\u0301')).toBe('cafe');
    expect(foldForSearch('Ñandú Łódź Ångström')).toBe('nandu łodz angstrom');
    expect(foldForSearch('İstanbul')).toBe('istanbul');
  });

  it('keeps the marks of other scripts and letters without a decomposition', () => {
    expect(foldForSearch('खादी कुर्ता')).toBe('खादी कुर्ता');
    expect(foldForSearch('Ελληνικά Ø ß')).toBe('ελληνικά ø ß');
    // A Devanagari letter written decomposed comes back composed, marks kept.
    expect(foldForSearch('\u0915\u093c')).toBe('\u0915\u093c'.normalize('NFC'));
  });

  it('calls a search wordless when typed without a letter or digit', () => {
    for (const q of ['😀', '%', '___', '"*', '\u0301', '-.!'])
      expect(isWordlessSearch(q), q).toBe(true);
    for (const q of ['', '   ', 'a', '4', 'कु', '😀 tote'])
      expect(isWordlessSearch(q), q).toBe(false);
  });
});
