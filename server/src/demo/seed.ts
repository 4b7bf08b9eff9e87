// `--demo`: fills an empty back-office with shortcut stories, stories, story ads and banners,
// through their own modules' services (files included), and a few weeks of simulated views
// and clicks. A section that already holds items is left alone, so running it again, or on
// real data, adds nothing.
import {
  bannerInsertSchema,
  businessDay,
  dayRange,
  storyInsertSchema,
  type TrackedKind,
} from '@dealdesk/core';
import type { AppContext } from '../context.js';
import { createBannersService } from '../modules/banners/service.js';
import { createShortcutsService } from '../modules/shortcuts/service.js';
import { createStoriesService } from '../modules/stories/service.js';
import { trackingService, type DailyDelta } from '../modules/tracking/service.js';
import { gradientPng, type Rgb } from './png.js';

export interface DemoSummary {
  shortcuts: number;
  stories: number;
  storyAds: number;
  banners: number;
  /** Simulated views and clicks, all items together. */
  events: number;
}

/** How an item draws its audience: views a day, and the share of them that click. */
interface Audience {
  views: readonly [number, number];
  clickRate: readonly [number, number];
}

interface DemoItem {
  kind: TrackedKind;
  colours: readonly [Rgb, Rgb];
}

const shortcuts = [
  {
    name: 'Amazon',
    url: 'https://www.amazon.in',
    colours: [
      [255, 153, 0],
      [35, 47, 62],
    ],
  },
  {
    name: 'Flipkart',
    url: 'https://www.flipkart.com',
    colours: [
      [40, 116, 240],
      [255, 228, 0],
    ],
  },
  {
    name: 'Myntra',
    url: 'https://www.myntra.com',
    colours: [
      [255, 63, 108],
      [255, 145, 77],
    ],
  },
  {
    name: 'Ajio',
    url: 'https://www.ajio.com',
    colours: [
      [44, 64, 82],
      [184, 158, 104],
    ],
  },
  {
    name: 'Meesho',
    url: 'https://www.meesho.com',
    colours: [
      [244, 51, 151],
      [87, 11, 80],
    ],
  },
] as const;

const stories = [
  {
    btnName: 'Shop the sale',
    btnUrl: 'https://www.example.com/deals/monsoon',
    colours: [
      [0, 150, 136],
      [3, 169, 244],
    ],
  },
  {
    btnName: 'See phones',
    btnUrl: 'https://www.example.com/deals/phones',
    colours: [
      [63, 81, 181],
      [156, 39, 176],
    ],
  },
  {
    btnName: 'Festive picks',
    btnUrl: 'https://www.example.com/deals/festive',
    colours: [
      [255, 87, 34],
      [255, 193, 7],
    ],
  },
  {
    btnName: 'Kitchen deals',
    btnUrl: 'https://www.example.com/deals/kitchen',
    colours: [
      [121, 85, 72],
      [255, 152, 0],
    ],
  },
] as const;

const storyAds = [
  {
    btnName: 'Install',
    btnUrl: 'https://www.example.com/ads/wallet',
    colours: [
      [33, 150, 243],
      [0, 188, 212],
    ],
  },
  {
    btnName: 'Order now',
    btnUrl: 'https://www.example.com/ads/grocery',
    colours: [
      [76, 175, 80],
      [205, 220, 57],
    ],
  },
] as const;

const banners = [
  {
    name: 'Big Saving Days',
    url: 'https://www.example.com/sale',
    colours: [
      [229, 57, 53],
      [255, 179, 0],
    ],
  },
  {
    name: 'New launches this week',
    url: 'https://www.example.com/new',
    colours: [
      [30, 136, 229],
      [142, 36, 170],
    ],
  },
  {
    name: 'Free delivery weekend',
    url: '',
    colours: [
      [67, 160, 71],
      [0, 137, 123],
    ],
  },
] as const;

const audiences: Record<'shortcut' | 'story' | 'storyAd' | 'banner', Audience> = {
  shortcut: { views: [300, 900], clickRate: [0.05, 0.15] },
  story: { views: [150, 600], clickRate: [0.03, 0.1] },
  storyAd: { views: [100, 400], clickRate: [0.01, 0.04] },
  banner: { views: [400, 1200], clickRate: [0.01, 0.05] },
};

/** A small seeded generator (mulberry32), so every demo database holds the same numbers. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const demoSeed = 20_260_211;
const dayMs = 86_400_000;

/**
 * Views and clicks of each item on each of the days: its own level within the audience's
 * bounds, busier weekends, a slow rise over the weeks and day-to-day noise.
 */
function simulate(
  items: readonly { id: string; kind: keyof typeof audiences }[],
  days: readonly string[],
): DailyDelta[] {
  const random = randomSource(demoSeed);
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

const png = (colours: DemoItem['colours'], width: number, height: number) => ({
  bytes: gradientPng(width, height, colours[0], colours[1]),
  ext: 'png',
});
const firstPage = { page: 1, limit: 1, q: '' };

/** Seeds what is empty; `days` of simulated counts end today (business time zone). */
export async function seedDemo(context: AppContext, days = 28): Promise<DemoSummary> {
  const shortcutsService = createShortcutsService(context);
  const storiesService = createStoriesService(context);
  const bannersService = createBannersService(context);
  const created: { id: string; kind: keyof typeof audiences }[] = [];
  const summary: DemoSummary = { shortcuts: 0, stories: 0, storyAds: 0, banners: 0, events: 0 };

  if ((await shortcutsService.list(firstPage)).data.length === 0) {
    for (const { name, url, colours } of shortcuts) {
      const shortcut = await shortcutsService.add({ name, url }, png(colours, 96, 96));
      created.push({ id: shortcut._id, kind: 'shortcut' });
      summary.shortcuts += 1;
    }
  }
  for (const [kind, list] of [
    ['story', stories],
    ['storyAd', storyAds],
  ] as const) {
    if ((await storiesService.list(kind, firstPage)).length > 0) continue;
    for (const { btnName, btnUrl, colours } of list) {
      const insert = storyInsertSchema.parse({ adsStory: kind === 'storyAd', btnName, btnUrl });
      const story = await storiesService.add(kind, insert, { image: png(colours, 270, 480) });
      created.push({ id: story._id, kind });
      summary[kind === 'story' ? 'stories' : 'storyAds'] += 1;
    }
  }
  if ((await bannersService.list(firstPage)).data.length === 0) {
    for (const { name, url, colours } of banners) {
      const insert = bannerInsertSchema.parse({ name, url });
      const banner = await bannersService.add(insert, { image: png(colours, 640, 240) });
      created.push({ id: banner._id, kind: 'banner' });
      summary.banners += 1;
    }
  }

  const now = context.clock().getTime();
  const { timeZone } = context.config;
  const period = dayRange(
    businessDay(now - (days - 1) * dayMs, timeZone),
    businessDay(now, timeZone),
  );
  const counts = simulate(created, period);
  await trackingService(context).addDays(counts);
  summary.events = counts.reduce((sum, { views, clicks }) => sum + views + clicks, 0);
  return summary;
}
