/**
 * scheduled (waiting for send_at) -> sending (claimed by one server instance) -> sent | failed;
 * scheduled -> cancelled by an admin. The API shows `sending` as scheduled with its detail.
 */
export type StoredDeliveryState = 'scheduled' | 'sending' | 'sent' | 'failed' | 'cancelled';

/** Times are ISO-8601 UTC text. */
export interface NotificationsTable {
  id: string;
  n_title: string;
  n_message: string;
  n_url: string;
  /** Public path of the icon (/media/...), '' without one. */
  n_icon: string;
  created_at: string;
  /** Null: sent at once. */
  send_at: string | null;
  state: StoredDeliveryState;
  /** FCM's message name, where the log provider recorded it, or why delivery failed. */
  detail: string;
  claimed_at: string | null;
  delivered_at: string | null;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}
