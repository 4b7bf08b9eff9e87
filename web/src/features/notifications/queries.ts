import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { unwrap } from '../../ui/notify.js';

/** Every notification sent or scheduled. */
export const historyQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: async () => unwrap(await api.notifications.history()).data ?? [],
});
