import {
  byIdSchema,
  idListSchema,
  imageRule,
  statusChangeSchema,
  storyAddSchema,
  storyEditFieldsSchema,
  storyListQuerySchema,
  videoRule,
} from '@dealdesk/core';
import type { Module } from '../../context.js';
import { readForm } from '../../http/uploads.js';
import { createStoriesService, type StoryKind } from './service.js';

/** Success messages: the spec leaves them to the server. */
export const storyAnswers = {
  stories: 'Story list',
  storyAds: 'Story ads list',
  found: 'Story found',
  storyAdded: 'Story added successfully',
  storyAdAdded: 'Story ad added successfully',
  updated: 'Story updated successfully!',
  status: 'Status updated successfully',
  deleted: 'Deleted successfully',
} as const;

const mediaSlots = { image: imageRule, video: videoRule, thembnal: imageRule };

/** The calls of each kind; the edit call is shared (see below). */
const callsOf: Record<
  StoryKind,
  { list: string; find: string; add: string; remove: string; status: string }
> = {
  story: {
    list: '/api/App/all/only/story/video',
    find: '/api/App/story/video/find',
    add: '/api/App/Add/Story/Video',
    remove: '/api/App/delete/story/video',
    status: '/api/App/story/video/status',
  },
  // The spec leaves out the add call of story ads: ours mirrors the video one.
  storyAd: {
    list: '/api/App/all/only/story/ads',
    find: '/api/App/story/ads/find',
    add: '/api/App/Add/Story/Ads',
    remove: '/api/App/delete/story/ads',
    status: '/api/App/story/ads/status',
  },
};

/** Story videos or images and story ads (spec part 1, sections 3, 4, 5 and 7). */
export const storiesModule: Module = (api, context) => {
  const stories = createStoriesService(context);

  api.get(callsOf.story.list, {
    access: 'admin',
    query: storyListQuerySchema,
    handler: async ({ query }) => ({
      status: true,
      message: storyAnswers.stories,
      data: await stories.list('story', query),
      firstStoryVideo: await stories.storiesRunning(),
    }),
  });

  api.get(callsOf.storyAd.list, {
    access: 'admin',
    query: storyListQuerySchema,
    handler: async ({ query }) => ({
      status: true,
      message: storyAnswers.storyAds,
      data: await stories.list('storyAd', query),
    }),
  });

  for (const kind of ['story', 'storyAd'] as const) {
    const calls = callsOf[kind];

    api.get(calls.find, {
      access: 'admin',
      query: byIdSchema,
      handler: async ({ query }) => ({
        status: true,
        message: storyAnswers.found,
        data: await stories.find(kind, query.id),
      }),
    });

    api.post(calls.add, {
      access: 'admin',
      idempotent: true,
      handler: async ({ request }) => {
        const form = await readForm(request, mediaSlots);
        const { insertData } = storyAddSchema.parse(form.input);
        return {
          status: true,
          message: kind === 'story' ? storyAnswers.storyAdded : storyAnswers.storyAdAdded,
          data: await stories.add(kind, insertData, form.files),
        };
      },
    });

    api.delete(calls.remove, {
      access: 'admin',
      body: idListSchema,
      handler: async ({ body }) => {
        await stories.remove(kind, body);
        return { status: true, message: storyAnswers.deleted };
      },
    });

    api.put(calls.status, {
      access: 'admin',
      body: statusChangeSchema,
      handler: async ({ body }) => ({
        status: true,
        message: storyAnswers.status,
        data: await stories.setStatus(kind, body),
      }),
    });
  }

  // One edit call for both kinds: the story's own kind decides (insertData must agree).
  api.put('/api/App/Edit/story/video', {
    access: 'admin',
    handler: async ({ request }) => {
      const form = await readForm(request, mediaSlots);
      const { _id, insertData } = storyEditFieldsSchema.parse(form.input);
      return {
        status: true,
        message: storyAnswers.updated,
        data: await stories.edit(_id, insertData, form.files),
      };
    },
  });
};
