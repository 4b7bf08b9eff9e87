import { describe, expect, it } from 'vitest';
import { clicksDiff } from './clicks-diff.js';

describe('clicksDiff', () => {
  it('is the increase since the last load', () => {
    expect(clicksDiff(10, 15)).toBe(5);
    expect(clicksDiff(0, 1)).toBe(1);
  });

  it('is 0 on a first load', () => {
    expect(clicksDiff(undefined, 15)).toBe(0);
    expect(clicksDiff(null, 15)).toBe(0);
  });

  it('is 0 when nothing changed or the counts were cleared', () => {
    expect(clicksDiff(15, 15)).toBe(0);
    expect(clicksDiff(15, 0)).toBe(0);
  });

  it('is 0 when the stored count is corrupt', () => {
    expect(clicksDiff(Number.NaN, 15)).toBe(0);
  });
});
