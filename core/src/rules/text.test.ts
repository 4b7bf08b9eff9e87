import { describe, expect, it } from 'vitest';
import { stripSpaces } from './text.js';

describe('stripSpaces', () => {
  it('removes every kind of whitespace, inside and around', () => {
    expect(stripSpaces(' ca-app-pub 123 / 456\t\n')).toBe('ca-app-pub123/456');
    expect(stripSpaces('Home  Native')).toBe('HomeNative');
  });

  it('leaves text without spaces as it is', () => {
    expect(stripSpaces('abc')).toBe('abc');
    expect(stripSpaces('')).toBe('');
  });
});
