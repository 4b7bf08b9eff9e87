import { describe, expect, it } from 'vitest';
import { serverLoadBand } from './server-load.js';

describe('serverLoadBand', () => {
  it.each([
    [0, 'green'],
    [49.9, 'green'],
    [50, 'yellow'],
    [65, 'yellow'],
    [80, 'yellow'],
    [80.1, 'red'],
    [100, 'red'],
    [Number.NaN, 'green'],
  ] as const)('%j%% is %s', (percent, band) => {
    expect(serverLoadBand(percent)).toBe(band);
  });
});
