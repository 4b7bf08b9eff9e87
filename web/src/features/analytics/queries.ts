import type { DateRangeQuery } from '@dealdesk/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { withClicksDiff } from '../../ui/clicks-memory.js';
import { unwrap } from '../../ui/notify.js';

const analyticsKey = ['analytics'] as const;

export const analyticsQueries = {
  /** Every range's report, for a refresh after a clear. */
  all: analyticsKey,
  /** The report of a range, each item with its clicks since last seen. */
  report: (range: DateRangeQuery) =>
    queryOptions({
      queryKey: [...analyticsKey, range],
      queryFn: async () => {
        const answer = unwrap(await api.analytics.get(range));
        return { ...answer, data: withClicksDiff('analytics', range, answer.data ?? []) };
      },
      placeholderData: keepPreviousData,
    }),
  /** A range's totals and days alone: the previous period the screen compares with. */
  totals: (range: DateRangeQuery) =>
    queryOptions({
      queryKey: [...analyticsKey, 'totals', range],
      queryFn: async () => unwrap(await api.analytics.get(range)),
      placeholderData: keepPreviousData,
    }),
};
