// Part 1 of the demo: brand shortcuts, stories, story ads and banners.
import { bannerInsertSchema, storyInsertSchema } from '@dealdesk/core';
import type { AppContext } from '../context.js';
import { createBannersService } from '../modules/banners/service.js';
import { createShortcutsService } from '../modules/shortcuts/service.js';
import { createStoriesService } from '../modules/stories/service.js';
import { pngFile } from './png.js';
import { firstPage, type Seeded } from './section.js';
import type { Tracked } from './simulate.js';

export interface StoriesCounts {
  shortcuts: number;
  stories: number;
  storyAds: number;
  banners: number;
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

/** Fills whichever of the four sections is empty. */
export async function seedStories(context: AppContext): Promise<Seeded<StoriesCounts>> {
  const shortcutsService = createShortcutsService(context);
  const storiesService = createStoriesService(context);
  const bannersService = createBannersService(context);
  const tracked: Tracked[] = [];
  const counts: StoriesCounts = { shortcuts: 0, stories: 0, storyAds: 0, banners: 0 };

  if ((await shortcutsService.list(firstPage)).data.length === 0) {
    for (const { name, url, colours } of shortcuts) {
      const shortcut = await shortcutsService.add({ name, url }, pngFile(colours, 96, 96));
      tracked.push({ id: shortcut._id, kind: 'shortcut' });
      counts.shortcuts += 1;
    }
  }
  for (const [kind, list] of [
    ['story', stories],
    ['storyAd', storyAds],
  ] as const) {
    if ((await storiesService.list(kind, firstPage)).length > 0) continue;
    for (const { btnName, btnUrl, colours } of list) {
      const insert = storyInsertSchema.parse({ adsStory: kind === 'storyAd', btnName, btnUrl });
      const story = await storiesService.add(kind, insert, { image: pngFile(colours, 270, 480) });
      tracked.push({ id: story._id, kind });
      counts[kind === 'story' ? 'stories' : 'storyAds'] += 1;
    }
  }
  if ((await bannersService.list(firstPage)).data.length === 0) {
    for (const { name, url, colours } of banners) {
      const insert = bannerInsertSchema.parse({ name, url });
      const banner = await bannersService.add(insert, { image: pngFile(colours, 640, 240) });
      tracked.push({ id: banner._id, kind: 'banner' });
      counts.banners += 1;
    }
  }
  return { counts, tracked };
}
