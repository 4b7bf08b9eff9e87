import { inHousePageSize } from '@dealdesk/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { unwrap } from '../../ui/notify.js';

const inHouseKey = ['in-house-ads'] as const;

/** A fetch that fails tells `onFailure` first (the screens leave for /Error when unreachable). */
async function reading<T>(read: () => Promise<T>, onFailure: (error: unknown) => void) {
  try {
    return await read();
  } catch (error) {
    onFailure(error);
    throw error;
  }
}

export const inHouseQueries = {
  /** Every page and ad, for a refresh after a change. */
  all: inHouseKey,
  page: (page: number, search: string, onFailure: (error: unknown) => void) =>
    queryOptions({
      queryKey: [...inHouseKey, 'page', page, search],
      queryFn: () =>
        reading(
          async () =>
            unwrap(await api.inHouseAds.list({ page, limit: inHousePageSize, q: search })),
          onFailure,
        ),
      placeholderData: keepPreviousData,
    }),
  one: (id: string, onFailure: (error: unknown) => void) =>
    queryOptions({
      queryKey: [...inHouseKey, 'one', id],
      queryFn: () =>
        reading(async () => unwrap(await api.inHouseAds.get({ id })).data ?? null, onFailure),
    }),
};
