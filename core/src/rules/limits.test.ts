import { describe, expect, it } from 'vitest';
import { limitFields, limitReached, limitTypeOf, limitValueOf, toLimitNumber } from './limits.js';

describe('toLimitNumber', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 7 ', 7],
    ['0', 0],
    ['-3', -3],
    ['abc', 0],
    ['12abc', 0],
    ['', 0],
    ['   ', 0],
    [undefined, 0],
    [null, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [true, 0],
  ])('reads %j as %j', (entered, expected) => {
    expect(toLimitNumber(entered)).toBe(expected);
  });
});

describe('limitFields', () => {
  it('None clears both limits whatever was entered', () => {
    expect(limitFields('None', '50')).toEqual({
      maxviewLimit: 0,
      maxviewStatus: false,
      maxclickLimit: 0,
      maxclickStatus: false,
    });
  });

  it('View uses the entered maximum and sends the click limit as 0, off', () => {
    expect(limitFields('View', '50')).toEqual({
      maxviewLimit: 50,
      maxviewStatus: true,
      maxclickLimit: 0,
      maxclickStatus: false,
    });
  });

  it('Click is the reverse of View', () => {
    expect(limitFields('Click', 25)).toEqual({
      maxviewLimit: 0,
      maxviewStatus: false,
      maxclickLimit: 25,
      maxclickStatus: true,
    });
  });

  it('counts a non-numeric entry as 0', () => {
    expect(limitFields('View', 'lots')).toMatchObject({ maxviewLimit: 0, maxviewStatus: true });
  });
});

describe('limitTypeOf and limitValueOf', () => {
  const limits = { maxviewLimit: 10, maxclickLimit: 20 };

  it.each([
    [false, false, 'None', 0],
    [true, false, 'View', 10],
    [false, true, 'Click', 20],
    [true, true, 'Click', 20],
  ] as const)(
    'view status %s, click status %s: %s with %i',
    (maxviewStatus, maxclickStatus, type, value) => {
      const item = { ...limits, maxviewStatus, maxclickStatus };
      expect(limitTypeOf(item)).toBe(type);
      expect(limitValueOf(item)).toBe(value);
    },
  );

  it('round-trips every type through the stored fields', () => {
    for (const type of ['None', 'View', 'Click'] as const) {
      const stored = limitFields(type, 9);
      expect(limitTypeOf(stored)).toBe(type);
      expect(limitValueOf(stored)).toBe(type === 'None' ? 0 : 9);
    }
  });
});

describe('limitReached', () => {
  const none = limitFields('None', 0);
  it('is never reached without a limit', () => {
    expect(limitReached(none, { views: 1e9, clicks: 1e9 })).toBe(false);
  });
  it('is reached when the count gets to the enabled limit, not before', () => {
    const views = limitFields('View', 10);
    expect(limitReached(views, { views: 9, clicks: 50 })).toBe(false);
    expect(limitReached(views, { views: 10, clicks: 0 })).toBe(true);
    const clicks = limitFields('Click', 3);
    expect(limitReached(clicks, { views: 99, clicks: 2 })).toBe(false);
    expect(limitReached(clicks, { views: 0, clicks: 3 })).toBe(true);
  });
  it('is reached at once by a limit of 0', () => {
    expect(limitReached(limitFields('View', 0), { views: 0, clicks: 0 })).toBe(true);
  });
});
