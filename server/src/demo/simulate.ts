// The demo's numbers: one seeded random source, so every demo database holds the same ones,
// and the simulated daily views and clicks of each seeded item.
import type { DailyDelta } from '../modules/tracking/service.js';

/** How an item draws its audience: views a day, and the share of them that click. */
interface Audience {
  views: readonly [number, number];
  clickRate: readonly [number, number];
}

const audiences = {
  shortcut: { views: [300, 900], clickRate: [0.05, 0.15] },
  story: { views: [150, 600], clickRate: [0.03, 0.1] },
  storyAd: { views: [100, 400], clickRate: [0.01, 0.04] },
  banner: { views: [400, 1200], clickRate: [0.01, 0.05] },
  webAd: { views: [200, 700], clickRate: [0.02, 0.06] },
  inHouseAd: { views: [300, 900], clickRate: [0.03, 0.08] },
  product: { views: [40, 250], clickRate: [0.05, 0.2] },
} as const satisfies Record<string, Audience>;

export type DemoKind = keyof typeof audiences;

/** A seeded item whose views and clicks are simulated. */
export interface Tracked {
  id: string;
  kind: DemoKind;
}

const demoSeed = 20_260_211;

/** A small seeded generator (mulberry32): the same sequence of numbers in [0, 1) every run. */
export function randomSource(seed = demoSeed): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Views and clicks of each item on each of the days: its own level within the audience's
 * bounds, busier weekends, a slow rise over the weeks and day-to-day noise.
 */
export function simulate(items: readonly Tracked[], days: readonly string[]): DailyDelta[] {
  const random = randomSource();
  const between = ([low, high]: readonly [number, number]) => low + (high - low) * random();
  return items.flatMap(({ id, kind }) => {
    const audience = audiences[kind];
    const level = between(audience.views);
    const clickRate = between(audience.clickRate);
    return days.map((day, index) => {
      const weekday = new Date(Date.parse(day)).getUTCDay();
      const weekend = weekday === 0 || weekday === 6 ? 1.35 : 1;
      const rise = 0.7 + (0.3 * (index + 1)) / days.length;
      const views = Math.round(level * weekend * rise * (0.8 + 0.4 * random()));
      return { itemId: id, kind, day, views, clicks: Math.round(views * clickRate) };
    });
  });
}
