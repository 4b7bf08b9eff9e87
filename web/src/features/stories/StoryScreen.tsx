// The story video page and the story ads page: an add form above the list.
import type { StoryAddRequest } from '@dealdesk/core';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../app/paths.js';
import { shownInForm } from '../../ui/form.js';
import { useApiMutation } from '../../ui/mutations.js';
import { storyCalls } from './queries.js';
import { StoryForm, type StoryKind, type StorySubmit } from './StoryForm.js';
import { StoryHeading } from './StoryHeading.js';
import { StoryList } from './StoryList.js';

export function StoryScreen({ kind }: { kind: StoryKind }) {
  const { groupOf, listKey, list } = storyCalls(kind);
  const stories = useQuery(list);
  const add = useApiMutation((input: StoryAddRequest, client) => groupOf(client).add(input), {
    refresh: listKey,
    failure: {
      failed: 'An error occurred while submitting the story.',
      unreachable: 'An error occurred while submitting the story.',
    },
    form: shownInForm,
    created: ({ data }) =>
      data === undefined
        ? undefined
        : kind === 'video'
          ? { label: 'Open the story', path: paths.editStoryVideo(data._id) }
          : { label: 'Open the story ad', path: paths.editStoryAd(data._id) },
  });
  const submit = async (story: StorySubmit) => {
    if (story.mode !== 'add') throw new Error('the add screen only adds');
    return add.mutateAsync(story.request);
  };
  const running =
    stories.data !== undefined && 'firstStoryVideo' in stories.data
      ? stories.data.firstStoryVideo
      : undefined;

  return (
    <Stack>
      <StoryHeading
        title={kind === 'video' ? 'Add a story video or image' : 'Add a story ad'}
        running={running}
      />
      <StoryForm kind={kind} busy={add.isPending} onSubmit={submit} />
      <StoryList
        kind={kind}
        caption={kind === 'video' ? 'Story List' : 'Story Ads List'}
        stories={stories.data?.data}
        query={stories}
      />
    </Stack>
  );
}
