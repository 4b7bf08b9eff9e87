import {
  formatDisplayTime,
  limitTypeOf,
  limitValueOf,
  storyAdTypeOf,
  type StoryAd,
  type StoryVideo,
} from '@dealdesk/core';
import { Badge, Text } from '@mantine/core';
import { paths } from '../../app/paths.js';
import { addedColumn, statusColumn } from '../../ui/columns.js';
import { CountLink } from '../../ui/CountLink.js';
import { DataTable, type Column } from '../../ui/DataTable.js';
import { useApiMutation } from '../../ui/mutations.js';
import { RowActions } from '../../ui/RowActions.js';
import { useBulkDelete } from '../../ui/useBulkDelete.js';
import type { ListQuery } from '../../ui/LoadError.js';
import { MediaThumb } from '../../ui/MediaThumb.js';
import { storyCalls } from './queries.js';
import type { StoryKind } from './StoryForm.js';
import { wrongAnswerFor } from '../../ui/wrong-answers.js';

type Story = StoryVideo | StoryAd;

const typeOf = (story: Story) =>
  storyAdTypeOf({ video: story.video, NTV: 'NTV' in story ? story.NTV : false });

function limitText(story: Story): string {
  const type = limitTypeOf(story);
  return type === 'None'
    ? 'None'
    : `${String(limitValueOf(story))} ${type === 'View' ? 'views' : 'clicks'}`;
}

/** The list of story videos or story ads, with status switches, edits and guarded deletes. */
export function StoryList({
  kind,
  caption,
  stories,
  query,
}: {
  kind: StoryKind;
  caption: string;
  stories: readonly Story[] | undefined;
  query: ListQuery;
}) {
  const { group, listKey } = storyCalls(kind);
  const status = useApiMutation(group.setStatus, {
    refresh: listKey,
    failure: {
      failed: 'Failed to update story video',
      unreachable: 'Failed to update story video',
    },
  });
  const { deleteIds, tableProps } = useBulkDelete(group.remove, {
    refresh: listKey,
    what: kind === 'video' ? 'story' : 'story ad',
    wrongAnswer: kind === 'video' ? wrongAnswerFor.stories : wrongAnswerFor.storyAds,
    rows: stories,
  });
  const editPath = kind === 'video' ? paths.editStoryVideo : paths.editStoryAd;
  const name = (story: Story) =>
    `${typeOf(story)} story from ${formatDisplayTime(story.date_time)}`;

  const columns: Column<Story>[] = [
    {
      header: 'Preview',
      width: 72,
      cell: (story) => (
        <MediaThumb image={story.thembnal || story.image} video={story.video} label={name(story)} />
      ),
    },
    {
      header: 'Type',
      cell: (story) => (
        <Badge variant="light" color={typeOf(story) === 'NTV' ? 'grape' : 'indigo'}>
          {typeOf(story)}
        </Badge>
      ),
    },
    {
      header: 'Button',
      cell: (story) =>
        'NTV' in story && story.NTV ? (
          <Text size="sm">Ad unit {story.NTV_ID}</Text>
        ) : (
          <Text size="sm" lineClamp={1} maw={220} title={story.btnUrl}>
            {story.btnName || '—'} · {story.btnUrl}
          </Text>
        ),
    },
    { header: 'Time', cell: (story) => `${String(story.storyTime)} s` },
    {
      header: 'Views',
      cell: (story) => (
        <CountLink id={story._id} name={story.btnName} count={story.view} what="views" />
      ),
    },
    {
      header: 'Clicks',
      cell: (story) => (
        <CountLink id={story._id} name={story.btnName} count={story.clickBtnCount} what="clicks" />
      ),
    },
    { header: 'Limit', cell: limitText },
    addedColumn((story) => story.date_time),
    statusColumn({
      name,
      pending: status.isPending,
      onChange: (story, on) => status.mutate({ _id: story._id, status: on }),
    }),
    {
      header: 'Actions',
      cell: (story) => (
        <RowActions
          name={name(story)}
          editPath={editPath(story._id)}
          onDelete={() => void deleteIds([story._id])}
        />
      ),
    },
  ];

  return (
    <DataTable
      caption={caption}
      rows={stories}
      columns={columns}
      query={query}
      rowLabel={name}
      empty={{
        title: kind === 'video' ? 'No stories yet' : 'No story ads yet',
        hint: 'Add one with the form above: it shows up here with its views and clicks.',
      }}
      {...tableProps}
    />
  );
}
