import { describe, expect, it } from 'vitest';
import { formatCount } from './counts.js';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [1, '01'],
    [9, '09'],
    [10, '10'],
    [999, '999'],
    [1000, '1k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [1500, '1.5k'],
    [9999, '10k'],
    [12_345, '12.3k'],
    [999_949, '999.9k'],
    [999_950, '1M'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [1_049_999, '1M'],
    [1_050_000, '1.1M'],
    [1_500_000, '1.5M'],
    [25_000_000, '25M'],
    [2_500_000_000, '2500M'],
  ])('shows %j as %j', (count, shown) => {
    expect(formatCount(count)).toBe(shown);
  });

  it.each([undefined, null, '', '  '])('shows %j as N/A', (value) => {
    expect(formatCount(value)).toBe('N/A');
  });

  it.each(['abc', '12abc', Number.NaN, Number.POSITIVE_INFINITY, true, {}, [], -1, '-5', -1000])(
    'shows %j as Invalid',
    (value) => {
      expect(formatCount(value)).toBe('Invalid');
    },
  );

  it('reads numeric text as its number', () => {
    expect(formatCount('7')).toBe('07');
    expect(formatCount(' 1500 ')).toBe('1.5k');
  });

  it('rounds a fractional count to the nearest whole count first', () => {
    expect(formatCount(9.4)).toBe('09');
    expect(formatCount(9.5)).toBe('10');
    expect(formatCount(999.5)).toBe('1k');
    expect(formatCount(-0.4)).toBe('0');
  });
});
