import { describe, expect, it } from 'vitest';
import { eventScreenLabel, normaliseEvent, nowLaunchLabel } from './events.js';

describe('normaliseEvent', () => {
  it.each([
    ['New Launch', 'New Launch'],
    ['Now Launch', 'New Launch'],
    [' now launch ', 'New Launch'],
    ['Best Deals', 'Best Deals'],
    ['trending', 'Trending'],
    ['None', 'None'],
    ['', 'None'],
    ['  ', 'None'],
    [undefined, 'None'],
    [null, 'None'],
    ['Flash Sale', null],
  ] as const)('%j is stored as %j', (value, stored) => {
    expect(normaliseEvent(value)).toBe(stored);
  });
});

describe('eventScreenLabel', () => {
  it("shows 'New Launch' as the event screen's 'Now Launch'", () => {
    expect(nowLaunchLabel).toBe('Now Launch');
    expect(eventScreenLabel('New Launch')).toBe('Now Launch');
  });

  it.each(['Best Deals', 'Trending', 'None'] as const)('shows %s unchanged', (event) => {
    expect(eventScreenLabel(event)).toBe(event);
  });
});
