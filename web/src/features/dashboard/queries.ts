import type { DateRangeQuery } from '@dealdesk/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { unwrap } from '../../ui/notify.js';

/** One item's views and clicks per business day; always asked afresh. */
export const itemDashboardQuery = (id: string, range: DateRangeQuery) =>
  queryOptions({
    queryKey: ['dashboard', id, range.startDate, range.endDate],
    queryFn: async () => unwrap(await api.dashboard.viewsDashboard({ id, ...range })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
