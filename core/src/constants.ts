/** Business constants of both spec parts, section 9. */

export const MB = 1024 * 1024;
export const imageMaxBytes = 2 * MB; // 2,097,152
export const videoMaxBytes = 30 * MB; // 31,457,280
export const categoryImageMaxBytes = 1 * MB;
/** The scraper refuses pages larger than this. */
export const scrapePageMaxBytes = 5 * MB;
export const scrapeTimeoutMs = 10_000;

export const imageExtensions = ['png', 'jpg', 'jpeg'] as const;
export const videoExtensions = ['mp4'] as const;
export const shortcutImageExtensions = ['gif', 'png'] as const;
export const bannerImageExtensions = ['png'] as const;
export const categoryImageExtensions = ['png', 'gif', 'jpg', 'jpeg'] as const;
export const productImageExtensions = ['png', 'jpg', 'jpeg', 'gif'] as const;
export const notificationIconExtensions = ['png', 'jpg', 'jpeg', 'gif'] as const;
/** Widths (pixels) /media/<name>?w= resizes uploaded photos to; the app answers name them. */
export const mediaImageWidths = [160, 320, 640, 1080] as const;

export const serverLoadPollMs = 2_000;
export const serverLoadBands = { yellowFrom: 50, redAbove: 80 } as const;
export const mobileBreakpointPx = 768;
export const toastAutoCloseMs = 2_000;
export const captchaToastMs = 2_000;
export const loginRedirectMs = 1_000;
export const resetRedirectMs = 2_000;
export const postUpdateRedirectMs = 1_000;
export const fileCheckDelayMs = 1_000;

export const codeLength = 6;
export const passwordMinLength = 6;
export const phoneMinLength = 9;
export const phoneMaxLength = 11;

export const shortcutPageSize = 100;
export const storyListPageSize = 200;
export const productPageSize = 100;
/** The product list's page on a phone (under mobileBreakpointPx): 100 cards ran 30,000 px. */
export const productPhonePageSize = 20;
export const productByEventPageSize = 200;
export const inHousePageSize = 100;
/** The notification history's page: the newest 50 unless asked (not shown in the spec). */
export const notificationPageSize = 50;
/** The most items a list call answers at once, whatever it is asked. */
export const maxPageSize = 1000;

/**
 * Scrapes one administrator may have running or waiting at once (the server refuses the next
 * with 429), and what the CLI asks at once by default and at the most (its --concurrency).
 */
export const scrapeConcurrency = { default: 4, max: 5 } as const;

/** The quick ranges of the dashboard, web-ads and analytics screens, in display order. */
export const datePresetNames = [
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'last6Months',
  'thisYear',
] as const;
export const searchDebounceMs = 500;

export const defaultStoryTime = 10;
/** Story ad position: at least 1 and below 10. */
export const storyAdsPositionRange = { min: 1, below: 10 } as const;
/** NTV timer: at least 0 and below 20 (the input itself shows min 1, max 10). */
export const ntvTimingRange = { min: 0, below: 20 } as const;
export const ntvTimingInputRange = { min: 1, max: 10 } as const;

export const bannerNameMaxChars = 20;
/** Displayed times use a fixed +05:30 offset from UTC. */
export const displayOffsetMinutes = 330;
export const compactThousand = 1_000;
export const compactMillion = 1_000_000;

export const dashboardChart = {
  height: 350,
  tension: 0.4,
  viewsColor: 'rgb(255, 99, 132)',
  clicksColor: 'rgb(75, 192, 75)',
} as const;

export const devToolsThresholdPx = 160;
export const defaultSizes = ['S', 'M', 'L', 'XL', 'XXL'] as const;
export const defaultRating = '0';
export const defaultRatingsAndReviews = '0 Ratings, 0 Reviews';
export const defaultDeliveryInfo = 'Standard Delivery';
export const defaultButtonName = 'Visit';
export const networkErrorMessage = 'Internet Server Error';

/** The kinds of ad unit, each with its own screen and route (kept free of zod for the router). */
export const adUnitTypes = ['native', 'fullScreen', 'banner', 'open', 'reward'] as const;
export type AdUnitType = (typeof adUnitTypes)[number];
