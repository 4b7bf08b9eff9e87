import { storyListPageSize, type ApiClient } from '@dealdesk/core';
import { api } from '../../app/api.js';
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
    list: () => group.list({ page: 1, limit: storyListPageSize }),
  };
}
