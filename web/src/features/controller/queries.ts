import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { unwrap } from '../../ui/notify.js';

/** The switches, positions, placements and app settings. */
export const controllerQuery = queryOptions({
  queryKey: ['controller'],
  queryFn: async () => unwrap(await api.controller.get()),
});

/** Versions shown a page at a time beside a version's detail. */
export const controllerHistoryPageSize = 10;

// Under the settings' key: a change invalidates the settings, and with them the history and
// what each version differs by from them now.
const versionsKey = [...controllerQuery.queryKey, 'versions'] as const;

export const controllerVersionQueries = {
  /** One page of the versions, newest first, and how many are kept in all. */
  page: (page: number) =>
    queryOptions({
      queryKey: [...versionsKey, 'page', page],
      queryFn: async () => {
        const answer = unwrap(
          await api.controller.versions({ page, limit: controllerHistoryPageSize }),
        );
        const rows = answer.data ?? [];
        return { rows, total: answer.totalRecord ?? rows.length };
      },
      placeholderData: keepPreviousData,
    }),
  /** One version's settings, and how the current ones differ from them. */
  one: (version: number) =>
    queryOptions({
      queryKey: [...versionsKey, 'one', version],
      queryFn: async () => {
        const detail = unwrap(await api.controller.version({ version })).data;
        if (detail === undefined) throw new Error(`Version ${String(version)} did not answer`);
        return detail;
      },
    }),
};
