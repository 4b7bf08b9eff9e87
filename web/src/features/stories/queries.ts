// The section's queries: one key and one fetcher per list or item (TanStack Query's
// queryOptions), so screens read and refresh the same entries.
import { shortcutPageSize, storyListPageSize, type ApiClient } from '@dealdesk/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { unwrap } from '../../ui/notify.js';
import type { StoryKind } from './StoryForm.js';

/** The client group and list key of each story kind. */
export function storyCalls(kind: StoryKind) {
  /** The kind's group of a client (a submission's, for adds: see useSubmission). */
  const groupOf = (client: ApiClient) => (kind === 'video' ? client.stories : client.storyAds);
  const group = groupOf(api);
  const listKey = ['stories', kind] as const;
  return {
    group,
    groupOf,
    listKey,
    // The screens ask the first page of 200 (spec section 7).
    list: queryOptions({
      queryKey: listKey,
      queryFn: async () => unwrap(await group.list({ page: 1, limit: storyListPageSize })),
    }),
    one: (id: string) =>
      queryOptions({
        queryKey: [...listKey, id],
        queryFn: async () => unwrap(await group.find({ id })),
      }),
  };
}

export const shortcutsQuery = queryOptions({
  queryKey: ['shortcuts'],
  queryFn: async () =>
    unwrap(await api.shortcuts.list({ page: 1, limit: shortcutPageSize, q: '' })),
});

export const bannersQuery = queryOptions({
  queryKey: ['banners'],
  queryFn: async () => unwrap(await api.banners.list()),
});

export const bannerQuery = (id: string) =>
  queryOptions({
    queryKey: [...bannersQuery.queryKey, id],
    queryFn: async () => unwrap(await api.banners.find({ id })),
  });
