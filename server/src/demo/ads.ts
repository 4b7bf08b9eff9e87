// The demo's ads: one ad-network unit of each type, web ads, and in-house ads (native and
// full screen, one stopping at a click limit, one at a view limit) with icon and image.
import {
  adUnitAddSchema,
  adUnitTypes,
  inHouseAdCreateSchema,
  webAdAddSchema,
  type AdUnitAddInput,
  type AdUnitType,
  type InHouseAdCreateInput,
  type WebAdAddInput,
} from '@dealdesk/core';
import type { AppContext } from '../context.js';
import { asFileLike } from '../http/uploads.js';
import { createAdsService } from '../modules/ads/service.js';
import { createInHouseService } from '../modules/inhouse/service.js';
import { pngFile, type Colours } from './png.js';
import { firstPage, type Seeded } from './section.js';
import type { Tracked } from './simulate.js';

export interface AdsCounts {
  adUnits: number;
  webAds: number;
  inHouseAds: number;
}

/** Google's published AdMob test units: real ids that never serve paid ads. */
const adUnits: Record<AdUnitType, AdUnitAddInput> = {
  native: {
    a_name: 'HomeFeedNative',
    a_id: 'ca-app-pub-3940256099942544/2247696110',
    a_description: 'Native card between the deals of the home feed',
  },
  fullScreen: {
    a_name: 'ProductExitInterstitial',
    a_id: 'ca-app-pub-3940256099942544/1033173712',
    a_description: 'Full screen ad when leaving a product page',
  },
  banner: {
    a_name: 'DealsListBanner',
    a_id: 'ca-app-pub-3940256099942544/6300978111',
    a_description: 'Banner at the foot of the deals list',
  },
  open: {
    a_name: 'AppOpen',
    a_id: 'ca-app-pub-3940256099942544/9257395921',
    a_description: 'Shown when the app comes back to the foreground',
  },
  reward: {
    a_name: 'BonusCoinsReward',
    a_id: 'ca-app-pub-3940256099942544/5224354917',
    a_description: 'Rewarded video that unlocks bonus coins',
  },
};

const webAds: WebAdAddInput[] = [
  {
    a_name: 'CreditCardOffer',
    a_id: 'https://www.example.com/ads/credit-card',
    a_description: 'Lifetime free credit card with 5% cashback on shopping',
  },
  {
    a_name: 'FlightSale',
    a_id: 'https://www.example.com/ads/flights',
    a_description: 'Domestic flights from ₹1,499 this weekend',
  },
  {
    a_name: 'GroceryDelivery',
    a_id: 'https://www.example.com/ads/grocery',
    a_description: 'Groceries delivered in 10 minutes',
  },
];

type InHouseTexts = Omit<InHouseAdCreateInput, 'icon' | 'image' | 'video' | 'medType'>;

/** The limits sit well above the simulated counts, so every ad is still running. */
const inHouseAds: (InHouseTexts & { colours: Colours })[] = [
  {
    ad_type: 'NTV',
    mainTitle: 'Dealdesk Prime',
    subTitle: 'Free delivery on every order',
    description: 'Join Prime for free delivery, early access to sales and extra cashback.',
    callToAction: 'https://www.example.com/prime',
    btnName: 'Join now',
    maxviewLimit: 0,
    maxclickLimit: 0,
    colours: [
      [255, 143, 0],
      [198, 40, 40],
    ],
  },
  {
    ad_type: 'FS',
    mainTitle: 'Festive Sale is live',
    subTitle: 'Up to 80% off',
    description: 'Phones, fashion and home at the lowest prices of the year, for five days only.',
    callToAction: 'https://www.example.com/festive-sale',
    btnName: 'Shop now',
    maxviewLimit: 0,
    maxclickLimit: 5_000,
    maxclickStatus: true,
    colours: [
      [123, 31, 162],
      [255, 64, 129],
    ],
  },
  {
    ad_type: 'NTV',
    mainTitle: 'Refer and earn',
    subTitle: 'Get ₹100 for every friend',
    description: 'Invite friends to the app; you both get ₹100 when they place their first order.',
    callToAction: 'https://www.example.com/refer',
    btnName: 'Invite',
    maxviewLimit: 100_000,
    maxviewStatus: true,
    maxclickLimit: 0,
    colours: [
      [0, 137, 123],
      [102, 187, 106],
    ],
  },
];

/** Each ad-unit type, the web ads and the in-house ads are sections of their own. */
export async function seedAds(context: AppContext): Promise<Seeded<AdsCounts>> {
  const ads = createAdsService(context);
  const inHouse = createInHouseService(context);
  const counts: AdsCounts = { adUnits: 0, webAds: 0, inHouseAds: 0 };
  const tracked: Tracked[] = [];

  for (const type of adUnitTypes) {
    if ((await ads.list(type)).length > 0) continue;
    await ads.add(type, adUnitAddSchema.parse(adUnits[type]));
    counts.adUnits += 1;
  }

  if ((await ads.list('web')).length === 0) {
    for (const ad of webAds) await ads.add('web', webAdAddSchema.parse(ad));
    // The add call answers no id; the list does, oldest first.
    for (const { _id } of await ads.list('web')) tracked.push({ id: _id, kind: 'webAd' });
    counts.webAds = webAds.length;
  }

  if ((await inHouse.list(firstPage)).data.length === 0) {
    for (const { colours, ...texts } of inHouseAds) {
      const icon = pngFile(colours, 96, 96);
      // Full screen ads stand upright; native ones sit in the feed, wide.
      const [width, height] = texts.ad_type === 'FS' ? [360, 640] : [600, 314];
      const image = pngFile(colours, width, height);
      const form = { ...texts, medType: 'image', icon: asFileLike(icon), image: asFileLike(image) };
      await inHouse.create(inHouseAdCreateSchema.parse(form), { icon, media: image });
    }
    // Newest first in the list: reversed, the ads come in the order they were made.
    const { data } = await inHouse.list({ ...firstPage, limit: inHouseAds.length });
    for (const { _id } of data.reverse()) tracked.push({ id: _id, kind: 'inHouseAd' });
    counts.inHouseAds = inHouseAds.length;
  }
  return { counts, tracked };
}
