// `--demo`: fills an empty back-office with both parts of the spec (stories.ts, catalogue.ts,
// ads.ts, site.ts), through each module's own service (files included), and a few weeks of
// simulated views and clicks. A section that already holds items is left alone, so running
// it again, or on real data, adds nothing.
import { businessDay, dayRange } from '@dealdesk/core';
import type { AppContext } from '../context.js';
import { trackingService } from '../modules/tracking/service.js';
import { seedAds, type AdsCounts } from './ads.js';
import { seedCatalogue, type CatalogueCounts } from './catalogue.js';
import { simulate } from './simulate.js';
import { seedSite, type SiteCounts } from './site.js';
import { seedStories, type StoriesCounts } from './stories.js';

/** How many items each section got (0: it held items already). */
export type DemoSummary = StoriesCounts &
  CatalogueCounts &
  AdsCounts &
  SiteCounts & {
    /** Simulated views and clicks, all items together. */
    events: number;
  };

const dayMs = 86_400_000;

/** Seeds what is empty; `days` of simulated counts end today (business time zone). */
export async function seedDemo(context: AppContext, days = 28): Promise<DemoSummary> {
  // One after the other: the items, and so the simulated numbers, come in the same order.
  const stories = await seedStories(context);
  const catalogue = await seedCatalogue(context);
  const ads = await seedAds(context);
  const site = await seedSite(context);

  const now = context.clock().getTime();
  const { timeZone } = context.config;
  const period = dayRange(
    businessDay(now - (days - 1) * dayMs, timeZone),
    businessDay(now, timeZone),
  );
  const tracked = [...stories.tracked, ...catalogue.tracked, ...ads.tracked, ...site.tracked];
  const counts = simulate(tracked, period);
  await trackingService(context).addDays(counts);
  return {
    ...stories.counts,
    ...catalogue.counts,
    ...ads.counts,
    ...site.counts,
    events: counts.reduce((sum, { views, clicks }) => sum + views + clicks, 0),
  };
}
