// `--demo`: fills an empty back-office with shortcut stories, stories, story ads and banners
// (stories.ts), through their own modules' services (files included), and a few weeks of
// simulated views and clicks. A section that already holds items is left alone, so running
// it again, or on real data, adds nothing.
import { businessDay, dayRange } from '@dealdesk/core';
import type { AppContext } from '../context.js';
import { trackingService } from '../modules/tracking/service.js';
import { simulate } from './simulate.js';
import { seedStories, type StoriesCounts } from './stories.js';

/** How many items each section got (0: it held items already). */
export type DemoSummary = StoriesCounts & {
  /** Simulated views and clicks, all items together. */
  events: number;
};

const dayMs = 86_400_000;

/** Seeds what is empty; `days` of simulated counts end today (business time zone). */
export async function seedDemo(context: AppContext, days = 28): Promise<DemoSummary> {
  const stories = await seedStories(context);

  const now = context.clock().getTime();
  const { timeZone } = context.config;
  const period = dayRange(
    businessDay(now - (days - 1) * dayMs, timeZone),
    businessDay(now, timeZone),
  );
  const counts = simulate(stories.tracked, period);
  await trackingService(context).addDays(counts);
  return {
    ...stories.counts,
    events: counts.reduce((sum, { views, clicks }) => sum + views + clicks, 0),
  };
}
