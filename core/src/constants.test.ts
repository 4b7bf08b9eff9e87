import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';
import { inHouseAdTypes } from './entities/ads.js';
import { productEvents, sizeOptions } from './entities/catalogue.js';
import { limitTypes } from './entities/common.js';

// Every value of section 9 of both spec parts, written out literally: changing a constant
// must be a deliberate change of this file too.

describe('upload limits and file types', () => {
  it('pins the byte limits', () => {
    expect(constants.MB).toBe(1_048_576);
    expect(constants.imageMaxBytes).toBe(2_097_152);
    expect(constants.videoMaxBytes).toBe(31_457_280);
    expect(constants.categoryImageMaxBytes).toBe(1_048_576);
  });

  it('pins the scraper limits', () => {
    expect(constants.scrapePageMaxBytes).toBe(5_242_880);
    expect(constants.scrapeTimeoutMs).toBe(10_000);
    expect(constants.scrapeConcurrency).toEqual({ default: 4, max: 5 });
  });

  it('pins the largest page (the quick date ranges: format/date-presets.test.ts)', () => {
    expect(constants.maxPageSize).toBe(1000);
  });

  it('pins the widths an image is served at (docs/app-api.md)', () => {
    expect(constants.mediaImageWidths).toEqual([160, 320, 640, 1080]);
  });

  it('pins the file types of each upload', () => {
    expect(constants.imageExtensions).toEqual(['png', 'jpg', 'jpeg']);
    expect(constants.videoExtensions).toEqual(['mp4']);
    expect(constants.shortcutImageExtensions).toEqual(['gif', 'png']);
    expect(constants.bannerImageExtensions).toEqual(['png']);
    expect(constants.categoryImageExtensions).toEqual(['png', 'gif', 'jpg', 'jpeg']);
    expect(constants.productImageExtensions).toEqual(['png', 'jpg', 'jpeg', 'gif']);
    expect(constants.notificationIconExtensions).toEqual(['png', 'jpg', 'jpeg', 'gif']);
  });
});

describe('timings', () => {
  it('pins the polls, toasts and redirects', () => {
    expect(constants.serverLoadPollMs).toBe(2_000);
    expect(constants.toastAutoCloseMs).toBe(2_000);
    expect(constants.captchaToastMs).toBe(2_000);
    expect(constants.loginRedirectMs).toBe(1_000);
    expect(constants.resetRedirectMs).toBe(2_000);
    expect(constants.postUpdateRedirectMs).toBe(1_000);
    expect(constants.fileCheckDelayMs).toBe(1_000);
    expect(constants.searchDebounceMs).toBe(500);
  });
});

describe('screen thresholds', () => {
  it('pins the server load bands, breakpoint and developer-tools guard', () => {
    expect(constants.serverLoadBands).toEqual({ yellowFrom: 50, redAbove: 80 });
    expect(constants.mobileBreakpointPx).toBe(768);
    expect(constants.devToolsThresholdPx).toBe(160);
  });
});

describe('form rules', () => {
  it('pins code, password and phone lengths', () => {
    expect(constants.codeLength).toBe(6);
    expect(constants.passwordMinLength).toBe(6);
    expect(constants.phoneMinLength).toBe(9);
    expect(constants.phoneMaxLength).toBe(11);
  });

  it('pins story time and positions', () => {
    expect(constants.defaultStoryTime).toBe(10);
    expect(constants.storyAdsPositionRange).toEqual({ min: 1, below: 10 });
    expect(constants.ntvTimingRange).toEqual({ min: 0, below: 20 });
    expect(constants.ntvTimingInputRange).toEqual({ min: 1, max: 10 });
  });
});

describe('page sizes', () => {
  it('pins every list page size', () => {
    expect(constants.shortcutPageSize).toBe(100);
    expect(constants.storyListPageSize).toBe(200);
    expect(constants.productPageSize).toBe(100);
    expect(constants.productByEventPageSize).toBe(200);
    expect(constants.productPhonePageSize).toBe(20);
    expect(constants.inHousePageSize).toBe(100);
    // Not in the spec: the notification history's page (docs/decisions.md).
    expect(constants.notificationPageSize).toBe(50);
  });
});

describe('display', () => {
  it('pins the banner name length, the +05:30 offset and the count units', () => {
    expect(constants.bannerNameMaxChars).toBe(20);
    expect(constants.displayOffsetMinutes).toBe(5 * 60 + 30);
    expect(constants.compactThousand).toBe(1_000);
    expect(constants.compactMillion).toBe(1_000_000);
  });

  it('pins the dashboard chart', () => {
    expect(constants.dashboardChart).toEqual({
      height: 350,
      tension: 0.4,
      viewsColor: 'rgb(255, 99, 132)',
      clicksColor: 'rgb(75, 192, 75)',
    });
  });
});

describe('catalogue defaults and choices', () => {
  it('pins the default product texts', () => {
    expect(constants.defaultRating).toBe('0');
    expect(constants.defaultRatingsAndReviews).toBe('0 Ratings, 0 Reviews');
    expect(constants.defaultDeliveryInfo).toBe('Standard Delivery');
    expect(constants.defaultButtonName).toBe('Visit');
    expect(constants.networkErrorMessage).toBe('Internet Server Error');
  });

  it('pins the sizes: scraping resets to S..XXL, the choice runs to XXXL', () => {
    expect(constants.defaultSizes).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(sizeOptions).toEqual(['S', 'M', 'L', 'XL', 'XXL', 'XXXL']);
  });

  it('pins the event names, limit types and in-house ad types', () => {
    expect(productEvents).toEqual(['Best Deals', 'Trending', 'New Launch', 'None']);
    expect(limitTypes).toEqual(['None', 'View', 'Click']);
    expect(inHouseAdTypes).toEqual(['NTV', 'FS']);
  });

  it('pins the ad unit types, each with its own screen', () => {
    expect(constants.adUnitTypes).toEqual(['native', 'fullScreen', 'banner', 'open', 'reward']);
  });
});

describe('coverage of this file', () => {
  it('pins every exported constant', () => {
    // A constant added without a pin above fails here until it is pinned.
    expect(Object.keys(constants).sort()).toEqual(
      [
        'MB',
        'imageMaxBytes',
        'videoMaxBytes',
        'categoryImageMaxBytes',
        'scrapePageMaxBytes',
        'scrapeTimeoutMs',
        'scrapeConcurrency',
        'maxPageSize',
        'mediaImageWidths',
        'datePresetNames',
        'imageExtensions',
        'videoExtensions',
        'shortcutImageExtensions',
        'bannerImageExtensions',
        'categoryImageExtensions',
        'productImageExtensions',
        'notificationIconExtensions',
        'serverLoadPollMs',
        'serverLoadBands',
        'mobileBreakpointPx',
        'toastAutoCloseMs',
        'captchaToastMs',
        'loginRedirectMs',
        'resetRedirectMs',
        'postUpdateRedirectMs',
        'fileCheckDelayMs',
        'codeLength',
        'passwordMinLength',
        'phoneMinLength',
        'phoneMaxLength',
        'shortcutPageSize',
        'storyListPageSize',
        'productPageSize',
        'productPhonePageSize',
        'productByEventPageSize',
        'inHousePageSize',
        'notificationPageSize',
        'searchDebounceMs',
        'defaultStoryTime',
        'storyAdsPositionRange',
        'ntvTimingRange',
        'ntvTimingInputRange',
        'bannerNameMaxChars',
        'displayOffsetMinutes',
        'compactThousand',
        'compactMillion',
        'dashboardChart',
        'devToolsThresholdPx',
        'defaultSizes',
        'defaultRating',
        'defaultRatingsAndReviews',
        'defaultDeliveryInfo',
        'defaultButtonName',
        'networkErrorMessage',
        'adUnitTypes',
      ].sort(),
    );
  });
});
