import { describe, expect, it } from 'vitest';
import { storyAdTypeOf } from './story-ads.js';

describe('storyAdTypeOf', () => {
  it.each([
    [{ video: 'https://cdn.test/a.mp4', NTV: false }, 'Video'],
    [{ video: 'https://cdn.test/a.mp4', NTV: true }, 'Video'],
    [{ video: { name: 'a.mp4', size: 1 } }, 'Video'],
    [{ video: '', NTV: true }, 'NTV'],
    [{ NTV: true }, 'NTV'],
    [{ video: '', NTV: false }, 'Image'],
    [{ video: '   ' }, 'Image'],
    [{ video: null }, 'Image'],
    [{}, 'Image'],
  ])('%j is %s', (ad, type) => {
    expect(storyAdTypeOf(ad)).toBe(type);
  });
});
