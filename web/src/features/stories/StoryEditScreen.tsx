// /update/story/video/{id} and /update/story/ads/{id}: the item's form, then back to its list.
import { postUpdateRedirectMs } from '@dealdesk/core';
import { Group, Skeleton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../app/paths.js';
import { shownInForm } from '../../ui/form.js';
import { useAction } from '../../ui/mutations.js';
import { toastSuccess, unwrapOr } from '../../ui/notify.js';
import { Page } from '../../ui/Page.js';
import { afterSave } from '../../ui/useUnsavedChanges.js';
import { HistoryLink } from '../../ui/HistoryLink.js';
import { MediaThumb } from '../../ui/MediaThumb.js';
import { storyCalls } from './queries.js';
import { StoryForm, type StoryKind, type StorySubmit } from './StoryForm.js';

export function StoryEditScreen({ kind }: { kind: StoryKind }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { group, listKey, one } = storyCalls(kind);
  const backTo = kind === 'video' ? paths.storyVideos : paths.storyAds;
  const story = useQuery(one(id));
  const save = useAction({
    mutationFn: async (submit: StorySubmit) => {
      if (submit.mode !== 'edit') throw new Error('the edit screen only edits');
      const failed = 'Failed to update story.';
      return unwrapOr(await group.edit(submit.request), { failed, unreachable: failed });
    },
    onSuccess: async (answer) => {
      // The video screen words its success itself (spec section 2); ads show the server's.
      toastSuccess(kind === 'video' ? 'Story updated successfully!' : answer.message);
      await queryClient.invalidateQueries({ queryKey: listKey });
      await new Promise((resolve) => setTimeout(resolve, postUpdateRedirectMs));
      void navigate(backTo, afterSave);
    },
    meta: shownInForm,
  });
  const data = story.data?.data;

  return (
    <Page
      title={kind === 'video' ? 'Edit story' : 'Edit story ad'}
      description="Change the story and press Update; Cancel goes back to the list."
      actions={
        <Group gap="md">
          <HistoryLink kind={kind === 'video' ? 'story' : 'story-ad'} id={id} />
          {data === undefined ? null : (
            <MediaThumb
              image={data.thembnal || data.image}
              video={data.video}
              label="Current file"
              size={64}
            />
          )}
        </Group>
      }
    >
      {data === undefined ? (
        <Skeleton h={420} aria-label="Loading the story" />
      ) : (
        <StoryForm
          kind={kind}
          story={data}
          busy={save.isPending}
          onSubmit={(submit) => save.mutateAsync(submit)}
          onCancel={() => void navigate(backTo)}
        />
      )}
    </Page>
  );
}
