import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { createStoriesService, type StoryKind } from './service.js';

/** Story videos or images and story ads (spec part 1, sections 3, 4, 5 and 7). */
export const storiesModule: Module = (api, context) => {
  const stories = createStoriesService(context);

  api.implement(endpoints.stories.list, {
    handler: async ({ query }) => ({
      data: await stories.list('story', query),
      firstStoryVideo: await stories.storiesRunning(),
    }),
  });

  api.implement(endpoints.storyAds.list, {
    handler: async ({ query }) => ({ data: await stories.list('storyAd', query) }),
  });

  const kinds = [
    ['story', endpoints.stories],
    ['storyAd', endpoints.storyAds],
  ] as const satisfies readonly (readonly [StoryKind, unknown])[];
  for (const [kind, call] of kinds) {
    api.implement(call.find, {
      handler: async ({ query }) => ({ data: await stories.find(kind, query.id) }),
    });

    api.implement(call.add, {
      handler: async ({ body, form }) => ({
        data: await stories.add(kind, body.insertData, form.files),
      }),
    });

    api.implement(call.remove, {
      handler: async ({ body }) => {
        await stories.remove(kind, body);
        return {};
      },
    });

    api.implement(call.setStatus, {
      handler: async ({ body }) => ({ data: await stories.setStatus(kind, body) }),
    });
  }

  // One edit call for both kinds: the story's own kind decides (insertData must agree).
  api.implement(endpoints.stories.edit, {
    handler: async ({ body, form }) => ({
      data: await stories.edit(body._id, body.insertData, form.files),
    }),
  });
};
