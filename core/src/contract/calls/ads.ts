// Ad units, web ads, the analytics screen, in-house ads and push notifications (spec part 2).
import { z } from 'zod';
import {
  adUnitSchema,
  analyticsItemSchema,
  analyticsTotalsSchema,
  inHouseAdSchema,
  notificationSchema,
  viewClickLimitsSchema,
  viewsDashboardSchema,
  webAdSchema,
  type InHouseAd,
} from '../../entities/index.js';
import {
  adCountsClearSchema,
  adItemPathSchema,
  adUnitAddSchema,
  adUnitTypeSchema,
  adUnitUpdateSchema,
  analyticsExportQuerySchema,
  analyticsExportRowSchema,
  byIdSchema,
  dateRangeQuerySchema,
  idListSchema,
  idStatusChangeSchema,
  imageRule,
  inHouseAdCreateSchema,
  inHouseAdEditSchema,
  inHouseExportQuerySchema,
  inHouseListQuerySchema,
  notificationExportQuerySchema,
  notificationExportRowSchema,
  notificationHistoryQuerySchema,
  notificationIconRule,
  notificationRescheduleSchema,
  notificationResendSchema,
  notificationSendSchema,
  videoRule,
  webAdAddSchema,
  webAdUpdateSchema,
  productExportFormats,
  type IdStatusChangeInput,
  type InHouseAdCreateInput,
  type InHouseAdEditInput,
  type NotificationResendInput,
  type NotificationSendInput,
  type ProductExportFormat,
} from '../../schemas/index.js';
import type { ClientInput } from '../client.js';
import {
  endpoint,
  endpointTaking,
  envelopeBody,
  multipartBody,
  noFields,
  rowsEndpointTaking,
} from '../endpoint.js';
import type { PageRequest } from './pages.js';

/** The analytics screen's range, and the file's format. */
export interface AnalyticsExportRequest {
  startDate: string;
  endDate: string;
  format?: ProductExportFormat;
}

/** A list's search, and the file's format (the history's, the in-house ads'). */
export interface NotificationExportRequest {
  q?: string;
  format?: ProductExportFormat;
}

const adMessages = {
  list: 'Ads fetched successfully',
  added: 'Ad added successfully',
  updated: 'Ad updated successfully',
  countsCleared: 'Data cleared successfully',
} as const;

/** Native, full screen, banner, open and reward ad units, one path per type. */
export const adUnits = {
  list: endpoint({
    method: 'GET',
    path: '/api/App/ads/:type/admin/get',
    access: 'admin',
    role: 'viewer',
    summary: 'The ad units of one type',
    params: adUnitTypeSchema,
    answer: z.object({ data: z.array(adUnitSchema) }),
    message: adMessages.list,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/App/ads/:type/add',
    access: 'admin',
    role: 'editor',
    summary: 'Adds an ad unit of one type',
    params: adUnitTypeSchema,
    body: envelopeBody(adUnitAddSchema),
    answer: noFields,
    message: adMessages.added,
    idempotent: true,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/App/ads/:type/update/:id',
    access: 'admin',
    role: 'editor',
    summary: 'Changes an ad unit',
    params: adUnitTypeSchema.extend(byIdSchema.shape),
    body: envelopeBody(adUnitUpdateSchema),
    answer: noFields,
    message: adMessages.updated,
  }),
};

/** The two clear calls of web ads and of the analytics screen: one ad, or the listed ones. */
const countClears = (base: string, what: string) => ({
  clearCounts: endpoint({
    method: 'DELETE',
    path: `${base}/count/remove/:id`,
    access: 'admin',
    role: 'owner',
    summary: `Clears one ${what}'s counts within the days asked`,
    params: adItemPathSchema,
    query: dateRangeQuerySchema,
    answer: noFields,
    message: adMessages.countsCleared,
  }),
  clearAllCounts: endpoint({
    method: 'DELETE',
    path: `${base}/count/all/remove`,
    access: 'admin',
    role: 'owner',
    summary: `Clears the listed ${what}s' counts within the days asked`,
    query: dateRangeQuerySchema,
    body: envelopeBody(adCountsClearSchema),
    answer: noFields,
    message: adMessages.countsCleared,
  }),
});

const webAdsPath = '/api/App/ads/webads';

/** Web ads: their a_id is the ad's URL; clicks are counted per business day. */
export const webAds = {
  /** a_click of each ad counts the clicks within the range. */
  list: endpoint({
    method: 'GET',
    path: `${webAdsPath}/admin/get`,
    access: 'admin',
    role: 'viewer',
    summary: 'Web ads with their clicks within the days asked',
    query: dateRangeQuerySchema,
    answer: z.object({ data: z.array(webAdSchema) }),
    message: adMessages.list,
  }),
  add: endpoint({
    method: 'POST',
    path: `${webAdsPath}/add`,
    access: 'admin',
    role: 'editor',
    summary: 'Adds a web ad',
    body: envelopeBody(webAdAddSchema),
    answer: noFields,
    message: adMessages.added,
    idempotent: true,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${webAdsPath}/update/:id`,
    access: 'admin',
    role: 'editor',
    summary: 'Changes a web ad',
    params: byIdSchema,
    body: envelopeBody(webAdUpdateSchema),
    answer: noFields,
    message: adMessages.updated,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${webAdsPath}/delete/:id`,
    access: 'admin',
    role: 'editor',
    summary: 'Deletes a web ad',
    params: byIdSchema,
    answer: noFields,
    message: 'Ad deleted successfully',
  }),
  ...countClears(webAdsPath, 'web ad'),
};

/**
 * Beyond the spec's data and totals, the server answers what the Views and Click cards and
 * charts draw: the ads' views and clicks in all and per business day.
 */
const analyticsReport = z
  .object({ data: z.array(analyticsItemSchema) })
  .extend(analyticsTotalsSchema.shape)
  .extend(viewsDashboardSchema.shape);

export const analytics = {
  get: endpoint({
    method: 'GET',
    path: '/api/App/analytics/admin/get',
    access: 'admin',
    role: 'viewer',
    summary: 'Clicks per ad, banner and shortcut totals, and daily views and clicks',
    query: dateRangeQuerySchema,
    answer: analyticsReport,
    message: 'Analytics',
  }),
  /** The range's views and clicks per item and business day, as a file. */
  export: rowsEndpointTaking<AnalyticsExportRequest>()({
    method: 'GET',
    path: '/api/App/analytics/admin/export',
    access: 'admin',
    role: 'viewer',
    summary:
      'Views and clicks per ad, banner and shortcut and business day of the range, as CSV or JSON Lines, streamed',
    query: analyticsExportQuerySchema,
    answer: analyticsExportRowSchema,
    rows: { formats: productExportFormats, file: 'analytics' },
    message: 'Analytics exported',
  }),
  ...countClears('/api/App/analytics', 'ad'),
};

export type InHouseAdCreateRequest = ClientInput<InHouseAdCreateInput, InHouseAd>;
export type InHouseAdEditRequest = ClientInput<InHouseAdEditInput, InHouseAd>;

/** An in-house ad as answered: running while active and within its View or Click limit. */
const runningInHouseAd = inHouseAdSchema.extend({ running: z.boolean() });
export type RunningInHouseAd = z.infer<typeof runningInHouseAd>;

const inHousePath = '/api/App/inhouse/ads';
/** The icon and the media file (image or video, as medType says) are file parts. */
const inHouseFiles = { icon: imageRule, image: imageRule, video: videoRule };

/** An in-house ad as a row of the export: its name and state first, then the rest. */
const { shape: ad } = runningInHouseAd;
const inHouseExportRow = z.object({
  _id: ad._id,
  mainTitle: ad.mainTitle,
  subTitle: ad.subTitle,
  ad_type: ad.ad_type,
  status: ad.status,
  running: ad.running,
  view: ad.view,
  clickCount: ad.clickCount,
  ...viewClickLimitsSchema.shape,
  description: ad.description,
  medType: ad.medType,
  medView: ad.medView,
  icon: ad.icon,
  callToAction: ad.callToAction,
  btnName: ad.btnName,
  createdAt: ad.createdAt,
});

export const inHouseAds = {
  /** Every ad the list's search finds, newest first, with its counts, as a file. */
  export: rowsEndpointTaking<NotificationExportRequest>()({
    method: 'GET',
    path: `${inHousePath}/export`,
    access: 'admin',
    role: 'viewer',
    summary:
      "The in-house ads the list's search finds, newest first, with their views and clicks, as CSV or JSON Lines, streamed",
    query: inHouseExportQuerySchema,
    answer: inHouseExportRow,
    rows: { formats: productExportFormats, file: 'in-house-ads' },
    message: 'In-house ads exported',
  }),
  list: endpointTaking<PageRequest>()({
    method: 'GET',
    path: inHousePath,
    access: 'admin',
    role: 'viewer',
    summary: 'A page of in-house ads, the page count and the section switch',
    query: inHouseListQuerySchema,
    answer: z.object({
      data: z.array(runningInHouseAd),
      totalPages: z.number(),
      InHouseAdsStatus: z.boolean(),
    }),
    message: 'In House ads',
  }),
  create: endpointTaking<InHouseAdCreateRequest>()({
    method: 'POST',
    path: inHousePath,
    access: 'admin',
    role: 'editor',
    summary: 'Adds an in-house ad with its icon and image or video',
    body: multipartBody(inHouseAdCreateSchema, inHouseFiles),
    answer: noFields,
    message: 'upload successfully !',
    idempotent: true,
  }),
  edit: endpointTaking<InHouseAdEditRequest>()({
    method: 'PUT',
    path: inHousePath,
    access: 'admin',
    role: 'editor',
    summary: 'Changes an in-house ad (new files optional)',
    body: multipartBody(inHouseAdEditSchema, inHouseFiles),
    answer: noFields,
    message: 'Update successfully !',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: inHousePath,
    access: 'admin',
    role: 'editor',
    summary: 'Deletes in-house ads',
    body: envelopeBody(idListSchema),
    answer: noFields,
    message: 'In House ads deleted successfully.',
  }),
  setStatus: endpointTaking<ClientInput<IdStatusChangeInput, { status: boolean }>>()({
    method: 'POST',
    path: `${inHousePath}/update/status`,
    access: 'admin',
    role: 'editor',
    summary: 'Switches an in-house ad on or off',
    body: envelopeBody(idStatusChangeSchema),
    answer: noFields,
    message: 'Status updated successfully',
  }),
  get: endpoint({
    method: 'GET',
    path: `${inHousePath}/data/:id`,
    access: 'admin',
    role: 'viewer',
    summary: 'One in-house ad',
    params: byIdSchema,
    answer: z.object({ data: runningInHouseAd }),
    message: 'In House ad',
  }),
};

/** sendAt: an ISO date and time with its offset; left out, the notification goes at once. */
export type NotificationSendRequest = ClientInput<
  NotificationSendInput,
  { url: string; sendAt: string }
>;
/** fileName: the stored icon's file name, when the notification has one. */
export type NotificationResendRequest = ClientInput<
  NotificationResendInput,
  { url: string; fileName: string }
>;

/** Success messages a send or resend picks from. */
export const notificationAnswers = {
  sent: 'Notification sent successfully !',
  scheduled: 'Notification scheduled successfully !',
} as const;

const sentNotification = z.object({ data: notificationSchema });

export const notifications = {
  /**
   * The spec answers the whole history as `data`; ours answers a page of it (the newest 50 unless
   * `page` and `limit` ask otherwise) in the same `data`, and how many there are in all.
   */
  history: endpointTaking<PageRequest>()({
    method: 'GET',
    path: '/api/App/notification/history',
    access: 'admin',
    role: 'viewer',
    summary:
      'A page of the notifications sent or scheduled, newest first (50 unless `limit` says), searched in title and message with `q`, and how many match in all',
    query: notificationHistoryQuerySchema,
    answer: z.object({ data: z.array(notificationSchema), totalRecord: z.number() }),
    message: 'Notification history',
  }),
  /** Every notification the history's search finds, newest first, as a file. */
  export: rowsEndpointTaking<NotificationExportRequest>()({
    method: 'GET',
    path: '/api/App/notification/history/export',
    access: 'admin',
    role: 'viewer',
    summary:
      'The notifications the history search finds, newest first, as CSV or JSON Lines, streamed',
    query: notificationExportQuerySchema,
    answer: notificationExportRowSchema,
    rows: { formats: productExportFormats, file: 'notifications' },
    message: 'Notifications exported',
  }),
  send: endpointTaking<NotificationSendRequest>()({
    method: 'POST',
    path: '/api/App/notification/send',
    access: 'admin',
    role: 'editor',
    summary: 'Sends a push notification now or at sendAt',
    body: multipartBody(notificationSendSchema, { image: notificationIconRule }),
    answer: sentNotification,
    message: notificationAnswers.sent,
    idempotent: true,
  }),
  resend: endpointTaking<NotificationResendRequest>()({
    method: 'POST',
    path: '/api/App/notification/resend',
    access: 'admin',
    role: 'editor',
    summary: 'Sends a notification of the history again',
    body: envelopeBody(notificationResendSchema),
    answer: sentNotification,
    message: notificationAnswers.sent,
    idempotent: true,
  }),
  /** Until it is sent: a scheduled notification is kept in the history as cancelled. */
  cancel: endpoint({
    method: 'POST',
    path: '/api/App/notification/cancel',
    access: 'admin',
    role: 'editor',
    summary: 'Cancels a scheduled notification that has not been sent yet',
    body: envelopeBody(byIdSchema),
    answer: sentNotification,
    message: 'Notification cancelled',
  }),
  reschedule: endpoint({
    method: 'PUT',
    path: '/api/App/notification/reschedule',
    access: 'admin',
    role: 'editor',
    summary: 'Moves a scheduled notification that has not been sent yet to another send time',
    body: envelopeBody(notificationRescheduleSchema),
    answer: sentNotification,
    message: 'Notification rescheduled',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/App/notification/delete',
    access: 'admin',
    role: 'editor',
    summary: 'Deletes notifications from the history',
    body: envelopeBody(idListSchema),
    answer: noFields,
    message: 'notification deleted successfully !',
  }),
};
