import { z } from 'zod';
import { notificationPageSize } from '../constants.js';
import { idSchema, pageQuery } from './common.js';
import { blankAsMissing, optionalWebUrl, requiredText } from './fields.js';
import { atMost } from './limits.js';
import { pushTextMaxBytes, pushTooLongMessage, textLimits, utf8Bytes } from './text-limits.js';
import { notificationIconRule, optionalFileSlot } from './uploads.js';

export const notificationMessages = {
  title: 'Enter a title',
  message: 'Enter a message',
  url: 'Enter a valid URL',
  sendAt: 'sendAt must be an ISO date and time with its offset, e.g. 2026-01-31T18:30:00Z',
  fileName: 'The icon file name cannot contain folders',
} as const;

const notificationShape = {
  title: requiredText(notificationMessages.title, atMost('Title', textLimits.notificationTitle)),
  message: requiredText(
    notificationMessages.message,
    atMost('Message', textLimits.notificationMessage),
  ),
  url: optionalWebUrl(notificationMessages.url, atMost('URL', textLimits.url)),
};

/** What a push carries must fit in one FCM message (refused by FCM otherwise, after the send). */
function checkPushSize(
  texts: { title: string; message: string; url: string },
  context: z.RefinementCtx,
): void {
  const bytes = utf8Bytes(texts.title) + utf8Bytes(texts.message) + utf8Bytes(texts.url);
  if (bytes > pushTextMaxBytes) {
    context.addIssue({ code: 'custom', message: pushTooLongMessage, path: ['message'] });
  }
}

/**
 * When to send (optional: now). An offset is required, so the time means the same on every
 * machine; a form turns its local time into one (Date#toISOString).
 */
const sendAtInstant = z.iso.datetime({ offset: true, error: notificationMessages.sendAt });
const sendAt = blankAsMissing(sendAtInstant.optional());

/** POST /api/App/notification/send (multipart): title, message, optional link, time and icon. */
export const notificationSendSchema = z
  .object({
    ...notificationShape,
    sendAt,
    image: optionalFileSlot(notificationIconRule),
  })
  .superRefine(checkPushSize);
export type NotificationSend = z.output<typeof notificationSendSchema>;
export type NotificationSendInput = z.input<typeof notificationSendSchema>;

/** The history answers an icon as `/media/<file>`; a resend may name it so or bare. */
const historyIconPrefix = /^\/media\//;

/**
 * POST /api/App/notification/resend: the same texts, and the stored icon's file name when
 * there is one (the server only looks in its own notification media, so no folders).
 */
export const notificationResendSchema = z
  .object({
    ...notificationShape,
    fileName: blankAsMissing(
      z
        .string({ error: notificationMessages.fileName })
        .trim()
        .check(atMost('Icon file name', textLimits.code))
        .transform((name) => name.replace(historyIconPrefix, ''))
        .pipe(z.string().regex(/^(?!\.)[\w.-]+$/, notificationMessages.fileName))
        .optional(),
    ),
  })
  .superRefine(checkPushSize);
export type NotificationResend = z.output<typeof notificationResendSchema>;
export type NotificationResendInput = z.input<typeof notificationResendSchema>;

/** A scheduled notification's new send time (it must still be waiting to be sent). */
export const notificationRescheduleSchema = z.object({ id: idSchema, sendAt: sendAtInstant });
export type NotificationReschedule = z.output<typeof notificationRescheduleSchema>;

/**
 * GET /api/App/notification/history: newest first, a page of 50 unless asked; `q` finds text in
 * the title or the message.
 */
export const notificationHistoryQuerySchema = pageQuery(notificationPageSize);
