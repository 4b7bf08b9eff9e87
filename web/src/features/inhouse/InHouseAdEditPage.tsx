import { Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../app/paths.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { HistoryLink } from '../../ui/HistoryLink.js';
import { afterSave } from '../../ui/useUnsavedChanges.js';
import { inHouseQueries } from './queries.js';
import { InHouseAdForm } from './InHouseAdForm.js';
import { useErrorPageWhenUnreachable, useSaveInHouseAd } from './useSaveInHouseAd.js';

/** /manage/ads/inHouseAds/edit/{id}: the ad with previews; a saved edit returns to the list. */
export function InHouseAdEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toErrorPage = useErrorPageWhenUnreachable();
  const backToList = () => void navigate(paths.inHouseAds);
  const save = useSaveInHouseAd(() => void navigate(paths.inHouseAds, afterSave));
  const ad = useQuery(inHouseQueries.one(id, toErrorPage));

  return (
    <Stack gap="lg" maw={1080} mx="auto">
      <Group justify="space-between">
        <Anchor component={Link} to={paths.inHouseAds} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            Back to In House Ads
          </Group>
        </Anchor>
        <HistoryLink kind="in-house-ad" id={id} />
      </Group>
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        Edit In House Ad
      </Title>
      {ad.isError || ad.data === null ? (
        <EmptyState title="In-house ad not found" hint="It may have been deleted." />
      ) : ad.data === undefined ? (
        <Skeleton h={480} aria-label="Loading the ad" />
      ) : (
        <InHouseAdForm
          key={ad.dataUpdatedAt}
          ad={ad.data}
          busy={save.isPending}
          onSubmit={save.submit}
          onCancel={backToList}
        />
      )}
    </Stack>
  );
}
