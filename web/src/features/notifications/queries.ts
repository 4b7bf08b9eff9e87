import { notificationPageSize } from '@dealdesk/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { unwrap } from '../../ui/notify.js';

const historyKey = ['notifications'] as const;

export const historyQueries = {
  /** Every page, for a refresh after a send, a resend or a delete. */
  all: historyKey,
  /** One page of the history, newest first, and how many notifications there are in all. */
  page: (page: number) =>
    queryOptions({
      queryKey: [...historyKey, 'page', page],
      queryFn: async () => {
        const answer = unwrap(
          await api.notifications.history({ page, limit: notificationPageSize }),
        );
        const rows = answer.data ?? [];
        return { rows, total: answer.totalRecord ?? rows.length };
      },
      placeholderData: keepPreviousData,
    }),
};
