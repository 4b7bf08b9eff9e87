import {
  sendTimeProblem,
  type Notification,
  type NotificationExportQuery,
  type NotificationExportRow,
  type PageQuery,
  type NotificationReschedule,
  type NotificationResend,
  type NotificationSend,
} from '@dealdesk/core';
import { removeStored, withStoredFiles } from '../../adapters/media/stored-files.js';
import type { PushProvider } from '../../adapters/push/index.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { pagesById } from '../../http/export-pages.js';
import type { CheckedFile } from '../../http/uploads.js';
import { newId } from '../../ids.js';
import { auditTrail } from '../audit/service.js';
import {
  notificationsRepository,
  type NotificationRow,
  type ScheduledChange,
} from './repository.js';

export const notificationAnswers = {
  notFound: 'Notification not found',
  iconNotFound: 'The icon of that notification is no longer stored',
  notSent: (reason: string) => `Notification not sent: ${reason}`,
  /** Why a notification that no longer waits for its time cannot be cancelled or rescheduled. */
  notScheduled: {
    // Not expected (nothing puts a notification back to scheduled), said plainly if it happens.
    scheduled: 'This notification was changed at the same moment; look again and retry',
    sending: 'This notification is being sent right now, so it can no longer be changed',
    sent: 'This notification has already been sent, so it can no longer be changed',
    failed: 'This notification was already tried (it failed), so it can no longer be changed',
    cancelled: 'This notification was cancelled, so it can no longer be changed',
  },
  cancelledDetail: 'Cancelled before its send time',
} as const;

/** A send still marked in progress after this long was cut off by a crash or a kill. */
const interruptedAfterMs = 10 * 60_000;
export const interruptedDetail =
  'Interrupted while sending (the server stopped); not sent again, to avoid a duplicate';
/** Due notifications sent per poll; the rest wait for the next one. */
const dueBatch = 20;

function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    n_title: row.n_title,
    n_message: row.n_message,
    n_url: row.n_url,
    n_icon: row.n_icon,
    createdAt: row.created_at,
    sendAt: row.send_at,
    delivery: {
      // A send in progress is still waiting to be delivered.
      state: row.state === 'sending' ? 'scheduled' : row.state,
      detail: row.detail,
      at: row.delivered_at,
    },
  };
}

interface Draft {
  title: string;
  message: string;
  url: string;
  icon: string;
  sendAt?: string | undefined;
}

/** Sending now or at sendAt, resending, history and deletes; delivery through `push`. */
export function createNotificationsService(context: AppContext, push: PushProvider) {
  const { db, media, clock, log } = context;
  const publicUrl = context.config.publicUrl ?? null;
  const notifications = notificationsRepository(db);
  const audit = auditTrail(context);
  /** What the audit log keeps of a notification: what was asked, not how delivery went. */
  const notificationFields = (row: NotificationRow) => ({
    n_title: row.n_title,
    n_message: row.n_message,
    n_url: row.n_url,
    n_icon: row.n_icon,
    send_at: row.send_at,
  });

  /** Phones need an absolute address; without DEALDESK_PUBLIC_URL the icon is left out. */
  const imageUrlOf = (icon: string) =>
    icon === '' || publicUrl === null ? null : new URL(icon, publicUrl).href;

  /** Pushes a claimed notification and records how it went. */
  async function deliver(row: NotificationRow): Promise<NotificationRow> {
    const message = {
      title: row.n_title,
      body: row.n_message,
      url: row.n_url,
      imageUrl: imageUrlOf(row.n_icon),
    };
    const result = await push.send(message).catch((error: unknown) => {
      log.error({ err: error, notification: row.id }, 'push provider failed');
      return { delivered: false as const, reason: `${push.name} provider error` };
    });
    context.metrics.push(result.delivered);
    const outcome = result.delivered
      ? { state: 'sent' as const, detail: result.reference }
      : { state: 'failed' as const, detail: result.reason };
    const at = clock().toISOString();
    await notifications.finish(row.id, outcome, at);
    return { ...row, ...outcome, delivered_at: at };
  }

  /**
   * Stores the notification with its audit entry; one due now is sent at once (after both are
   * written), a later one waits for the poller.
   */
  async function create(draft: Draft, action: 'send' | 'resend'): Promise<Notification> {
    const now = clock();
    const sendAt = draft.sendAt === undefined ? null : new Date(draft.sendAt);
    const later = sendAt !== null && sendAt > now;
    const row: NotificationRow = {
      id: newId(now),
      n_title: draft.title,
      n_message: draft.message,
      n_url: draft.url,
      n_icon: draft.icon,
      created_at: now.toISOString(),
      send_at: sendAt?.toISOString() ?? null,
      // Sent now: claimed by this request from the start, so no poller takes it too.
      state: later ? 'scheduled' : 'sending',
      detail: later ? 'Waiting for its send time' : 'Sending',
      claimed_at: later ? null : now.toISOString(),
      delivered_at: null,
    };
    await db.transaction().execute(async (trx) => {
      await notificationsRepository(trx).insert(row);
      await audit.record(trx, {
        action,
        kind: 'notification',
        itemId: row.id,
        label: row.n_title,
        after: notificationFields(row),
      });
    });
    return toNotification(later ? row : await deliver(row));
  }

  /**
   * Changes a notification still waiting for its time, with its audit entry; one already sent,
   * being sent or cancelled is refused (409), also when the scheduler claims it at that moment.
   */
  async function changeScheduled(
    id: string,
    action: 'cancel' | 'reschedule',
    change: ScheduledChange,
  ): Promise<Notification> {
    const changed = await db.transaction().execute(async (trx) => {
      const repo = notificationsRepository(trx);
      const before = await repo.find(id);
      if (before === undefined) throw new HttpError(404, notificationAnswers.notFound);
      const after = await repo.changeScheduled(id, change);
      if (after === undefined) {
        const now = await repo.find(id);
        if (now === undefined) throw new HttpError(404, notificationAnswers.notFound);
        throw new HttpError(409, notificationAnswers.notScheduled[now.state]);
      }
      await audit.record(trx, {
        action,
        kind: 'notification',
        itemId: id,
        label: after.n_title,
        before: notificationFields(before),
        after: notificationFields(after),
      });
      return after;
    });
    return toNotification(changed);
  }

  return {
    /** Every notification the search finds, newest first, as export rows (pagesById). */
    async *exported({ q }: NotificationExportQuery): AsyncGenerator<NotificationExportRow> {
      for await (const rows of pagesById((after, limit) =>
        notifications.rowsAfter(q, after, limit),
      ))
        for (const row of rows) {
          const { delivery, ...notification } = toNotification(row);
          yield {
            ...notification,
            delivery_state: delivery.state,
            delivery_detail: delivery.detail,
            delivered_at: delivery.at,
          };
        }
    },

    /** A page of the history, newest first, and how many notifications match in all. */
    async history({ page, limit, q }: PageQuery) {
      const { rows, total } = await notifications.page(q, page, limit);
      return { data: rows.map(toNotification), totalRecord: total };
    },

    /** The icon is stored first (removed if the notification cannot be recorded); it stays with the notification whatever the delivery. */
    async send(input: NotificationSend, icon: CheckedFile | undefined): Promise<Notification> {
      const past = sendTimeProblem(input.sendAt, clock());
      if (past !== null) throw new HttpError(400, past);
      return withStoredFiles(media, [icon], ([path]) =>
        create({ ...input, icon: path ?? '' }, 'send'),
      );
    },

    /** The same texts again, with the icon an earlier notification stored (by its file name). */
    async resend(input: NotificationResend): Promise<Notification> {
      const icon = input.fileName === undefined ? '' : media.linkOf(input.fileName);
      if (icon !== '' && !(await notifications.hasIcon(icon))) {
        throw new HttpError(404, notificationAnswers.iconNotFound);
      }
      return create({ title: input.title, message: input.message, url: input.url, icon }, 'resend');
    },

    /** Keeps a scheduled notification in the history, never to be sent. */
    cancel: (id: string): Promise<Notification> =>
      changeScheduled(id, 'cancel', {
        state: 'cancelled',
        detail: notificationAnswers.cancelledDetail,
      }),

    /** Moves a scheduled notification to another time (not in the past). */
    async reschedule({ id, sendAt }: NotificationReschedule): Promise<Notification> {
      const past = sendTimeProblem(sendAt, clock());
      if (past !== null) throw new HttpError(400, past);
      return changeScheduled(id, 'reschedule', { send_at: new Date(sendAt).toISOString() });
    },

    /** All or nothing; an icon goes with the last notification that shows it. */
    async remove(ids: readonly string[]): Promise<void> {
      const icons = await db.transaction().execute(async (trx) => {
        const repo = notificationsRepository(trx);
        const rows = await repo.findMany(ids);
        if (rows.length !== ids.length) throw new HttpError(404, notificationAnswers.notFound);
        await repo.removeMany(ids);
        await audit.record(
          trx,
          rows.map((row) => ({
            action: 'delete',
            kind: 'notification',
            itemId: row.id,
            label: row.n_title,
            before: notificationFields(row),
          })),
        );
        const candidates = [
          ...new Set(rows.map((row) => row.n_icon).filter((icon) => icon !== '')),
        ];
        if (candidates.length === 0) return [];
        const kept = await repo.iconsInUse(candidates);
        return candidates.filter((icon) => !kept.has(icon));
      });
      await removeStored(media, icons);
    },

    /**
     * One poll: gives up on sends a crash cut off, then claims and sends what is due. Several
     * instances may poll at once; each notification is claimed, and so sent, by one of them.
     */
    async sendDue(): Promise<void> {
      const now = clock();
      await notifications.failInterrupted(
        new Date(now.getTime() - interruptedAfterMs).toISOString(),
        interruptedDetail,
        now.toISOString(),
      );
      for (const id of await notifications.due(now.toISOString(), dueBatch)) {
        const claimed = await notifications.claim(id, clock().toISOString());
        if (claimed !== undefined) await deliver(claimed);
      }
    },
  };
}
