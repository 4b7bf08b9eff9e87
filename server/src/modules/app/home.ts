// GET /api/v1/app/home: what the app shows at launch, from the services of the modules that
// keep it. Only running items: active, within their View or Click limit, in a section the
// controller has on. Story ads go after every storyAdsPosition-th story (docs/app-api.md).
import { adUnitTypes, type AppHome, type ViewClickLimits } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { absoluteUrl } from '../../http/public-url.js';
import { createAdsService } from '../ads/service.js';
import { createBannersService } from '../banners/service.js';
import { createControllerService } from '../controller/service.js';
import { createInHouseService } from '../inhouse/service.js';
import { createShortcutsService } from '../shortcuts/service.js';
import { createStoriesService } from '../stories/service.js';

/** Items of each section the home document carries at most (the app shows far fewer). */
const sectionLimit = 500;
const everything = { page: 1, limit: sectionLimit, q: '' };

type HomeStory = AppHome['stories'][number];

/**
 * Stories with an ad after every `every`-th one, while ads last (an ad left over when the
 * stories run out is not shown; `every` of 0 shows none).
 */
export function placeStoryAds(
  stories: readonly HomeStory[],
  ads: readonly HomeStory[],
  every: number,
): HomeStory[] {
  const placed: HomeStory[] = [];
  let next = 0;
  stories.forEach((story, index) => {
    placed.push(story);
    const ad = ads[next];
    if (every > 0 && (index + 1) % every === 0 && ad !== undefined) {
      placed.push(ad);
      next += 1;
    }
  });
  return placed;
}

/** An active item with a View or Click limit: its running flag moves with the tracked counts. */
const limited = (item: ViewClickLimits & { status: boolean }) =>
  item.status && (item.maxviewStatus || item.maxclickStatus);

export function homeDocument(context: AppContext) {
  const controller = createControllerService(context);
  const shortcuts = createShortcutsService(context);
  const stories = createStoriesService(context);
  const banners = createBannersService(context);
  const inHouse = createInHouseService(context);
  const ads = createAdsService(context);

  /**
   * The document with media linked from `base`, and whether it depends on the tracked counts
   * (some item shown or left out has a limit): then it is built again when they change.
   */
  return async (base: string): Promise<{ home: AppHome; followsCounts: boolean }> => {
    const link = (path: string) => absoluteUrl(base, path);
    const [settings, shortcutList, storyList, storyAdList, bannerList, inHouseList, units, web] =
      await Promise.all([
        controller.settings(),
        shortcuts.list(everything),
        stories.list('story', everything),
        stories.list('storyAd', everything),
        banners.list(everything),
        inHouse.list(everything),
        Promise.all(adUnitTypes.map(async (type) => [type, await ads.list(type)] as const)),
        ads.list('web'),
      ]);
    const on = settings.data;
    const storyOf = (story: (typeof storyList)[number]) => ({
      _id: story._id,
      thembnal: link(story.thembnal),
      image: link(story.image),
      video: link(story.video),
      storyTime: story.storyTime,
      btnName: story.btnName,
      btnUrl: story.btnUrl,
    });
    const storiesShown = on.storyVideo
      ? placeStoryAds(
          storyList
            .filter((story) => story.running)
            .map((story) => ({ kind: 'story' as const, ...storyOf(story) })),
          storyAdList
            .filter((ad) => ad.running)
            .map((ad) => ({
              kind: 'ad' as const,
              ...storyOf(ad),
              type: ad.NTV
                ? ('NTV' as const)
                : ad.video !== ''
                  ? ('Video' as const)
                  : ('Image' as const),
              NTV_ID: ad.NTV ? ad.NTV_ID : '',
            })),
          on.storyAdsPosition,
        )
      : [];
    const home: AppHome = {
      controller: on,
      installNew: { btn_url: settings.installNew.btn_url },
      shortcuts: on.storyBrand
        ? shortcutList.data
            .filter((shortcut) => shortcut.status)
            .map(({ _id, s_no, name, url, logo }) => ({ _id, s_no, name, url, logo: link(logo) }))
        : [],
      stories: storiesShown,
      banners: on.banner
        ? bannerList.data
            .filter((banner) => banner.status)
            .map(({ _id, name, url, image, video }) => ({
              _id,
              name,
              url,
              image: link(image),
              video: link(video),
            }))
        : [],
      adUnits: Object.fromEntries(
        units.map(([type, list]) => [type, list.map((unit) => unit.a_id)]),
      ) as AppHome['adUnits'],
      inHouseAds: on.inHouseAds
        ? inHouseList.data
            .filter((ad) => ad.running)
            .map((ad) => ({
              _id: ad._id,
              ad_type: ad.ad_type,
              mainTitle: ad.mainTitle,
              subTitle: ad.subTitle,
              description: ad.description,
              medType: ad.medType,
              medView: link(ad.medView),
              icon: link(ad.icon),
              callToAction: ad.callToAction,
              btnName: ad.btnName,
            }))
        : [],
      webAds: web.map(({ _id, a_name, a_id }) => ({ _id, a_name, a_id })),
    };
    const followsCounts = [...storyList, ...storyAdList, ...inHouseList.data].some(limited);
    return { home, followsCounts };
  };
}
