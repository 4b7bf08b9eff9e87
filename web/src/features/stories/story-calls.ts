import { storyListPageSize } from '@dealdesk/core';
import { api } from '../../app/api.js';
import type { StoryKind } from './StoryForm.js';

/** The client group and list key of each story kind. */
export function storyCalls(kind: StoryKind) {
  const group = kind === 'video' ? api.stories : api.storyAds;
  const listKey = ['stories', kind] as const;
  return {
    group,
    listKey,
    // The screens ask the first page of 200 (spec section 7).
    list: () => group.list({ page: 1, limit: storyListPageSize }),
  };
}
