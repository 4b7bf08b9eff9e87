import { describe, expect, it } from 'vitest';
import { tally, totalsFor, type DatedEvent } from './deltas.js';

const [a, b] = ['65f1c2a9e4b0a1b2c3d4e5f1', '65f1c2a9e4b0a1b2c3d4e5f0'];
const event = (id: string, day: string, kind: DatedEvent['event']): DatedEvent => ({
  kind: 'story',
  id,
  day,
  event: kind,
});

describe('tally and totalsFor', () => {
  const daily = tally([
    event(a, '2026-02-11', 'view'),
    event(a, '2026-02-10', 'click'),
    event(b, '2026-02-11', 'view'),
    event(a, '2026-02-11', 'view'),
    event(a, '2026-02-11', 'click'),
  ]);

  it('sums events into one delta per item and day, in key order', () => {
    expect(daily).toEqual([
      { itemId: b, kind: 'story', day: '2026-02-11', views: 1, clicks: 0 },
      { itemId: a, kind: 'story', day: '2026-02-10', views: 0, clicks: 1 },
      { itemId: a, kind: 'story', day: '2026-02-11', views: 2, clicks: 1 },
    ]);
  });

  it('adds the days up per item, in item order', () => {
    expect(totalsFor(daily)).toEqual([
      { itemId: b, kind: 'story', views: 1, clicks: 0 },
      { itemId: a, kind: 'story', views: 2, clicks: 2 },
    ]);
  });

  it('gives nothing for nothing', () => {
    expect(tally([])).toEqual([]);
    expect(totalsFor([])).toEqual([]);
  });
});
