import type { Notification } from '../entities/ads.js';
import type {
  IdListInput,
  NotificationResendInput,
  NotificationSendInput,
} from '../schemas/index.js';
import { command, envelope, multipart } from './command.js';
import type { ClientInput } from './inputs.js';

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

export const notifications = {
  history: () =>
    command<{ data: Notification[] }>({
      method: 'GET',
      path: '/api/App/notification/history',
      auth: 'bearer',
    }),
  send: (input: NotificationSendRequest) =>
    command({
      method: 'POST',
      path: '/api/App/notification/send',
      body: multipart(input),
      auth: 'bearer',
    }),
  resend: (input: NotificationResendRequest) =>
    command({
      method: 'POST',
      path: '/api/App/notification/resend',
      body: envelope(input),
      auth: 'bearer',
    }),
  remove: (input: IdListInput) =>
    command({
      method: 'DELETE',
      path: '/api/App/notification/delete',
      body: envelope(input),
      auth: 'bearer',
    }),
};
