import type { Insertable, Kysely, Selectable } from 'kysely';
import { searchedList } from '../../adapters/storage/searched-list.js';
import type { Database } from '../../adapters/storage/schema.js';
import type { NotificationsTable, StoredDeliveryState } from './tables.js';

export type NotificationRow = Selectable<NotificationsTable>;

/** What an admin may change of a notification that still waits for its time. */
export type ScheduledChange = { state: 'cancelled'; detail: string } | { send_at: string };

/** The columns the history's search looks in. */
const searchedColumns = ['n_title', 'n_message'] as const;

/** Queries of the notifications table; give it a transaction to make several calls one unit. */
export function notificationsRepository(db: Kysely<Database>) {
  return {
    ...searchedList(db, 'notifications', searchedColumns),
    insert: async (row: Insertable<NotificationsTable>): Promise<void> => {
      await db.insertInto('notifications').values(row).execute();
    },

    find: (id: string): Promise<NotificationRow | undefined> =>
      db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst(),

    findMany: (ids: readonly string[]): Promise<NotificationRow[]> =>
      db.selectFrom('notifications').selectAll().where('id', 'in', ids).execute(),

    /** Whether a notification carries this icon (resend only reuses notification icons). */
    hasIcon: async (icon: string): Promise<boolean> =>
      (await db
        .selectFrom('notifications')
        .select('id')
        .where('n_icon', '=', icon)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    /** The icons among these that some notification still shows. */
    iconsInUse: async (icons: readonly string[]): Promise<Set<string>> => {
      const rows = await db
        .selectFrom('notifications')
        .select('n_icon')
        .distinct()
        .where('n_icon', 'in', icons)
        .execute();
      return new Set(rows.map((row) => row.n_icon));
    },

    removeMany: async (ids: readonly string[]): Promise<void> => {
      await db.deleteFrom('notifications').where('id', 'in', ids).execute();
    },

    /** Scheduled notifications whose time has come, the most overdue first. */
    due: async (now: string, limit: number): Promise<string[]> => {
      const rows = await db
        .selectFrom('notifications')
        .select('id')
        .where('state', '=', 'scheduled')
        .where('send_at', '<=', now)
        .orderBy('send_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Takes a scheduled notification for this instance. The update only matches while the row
     * is still scheduled, so of several instances trying at once exactly one succeeds.
     */
    claim: (id: string, now: string): Promise<NotificationRow | undefined> =>
      db
        .updateTable('notifications')
        .set({ state: 'sending', claimed_at: now })
        .where('id', '=', id)
        .where('state', '=', 'scheduled')
        .returningAll()
        .executeTakeFirst(),

    /**
     * Changes a notification only while it still waits for its time: the scheduler claims with
     * the same condition, so a change and a send at the same moment cannot both go through.
     */
    changeScheduled: (id: string, change: ScheduledChange): Promise<NotificationRow | undefined> =>
      db
        .updateTable('notifications')
        .set(change)
        .where('id', '=', id)
        .where('state', '=', 'scheduled')
        .returningAll()
        .executeTakeFirst(),

    finish: async (
      id: string,
      outcome: { state: Extract<StoredDeliveryState, 'sent' | 'failed'>; detail: string },
      now: string,
    ): Promise<void> => {
      await db
        .updateTable('notifications')
        .set({ ...outcome, delivered_at: now })
        .where('id', '=', id)
        .where('state', '=', 'sending')
        .execute();
    },

    /** Sends cut off by a crash: marked failed, never sent again (a push must not go twice). */
    failInterrupted: async (claimedBefore: string, detail: string, now: string): Promise<void> => {
      await db
        .updateTable('notifications')
        .set({ state: 'failed', detail, delivered_at: now })
        .where('state', '=', 'sending')
        .where('claimed_at', '<', claimedBefore)
        .execute();
    },
  };
}
