import {
  formatDisplayTime,
  inHousePageSize,
  limitTypeOf,
  limitValueOf,
  type InHouseAd,
} from '@dealdesk/core';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../app/api.js';
import { paths } from '../../app/paths.js';
import { confirmWithCaptcha, typedConfirmationAbove } from '../../ui/captcha.js';
import { CountLink } from '../../ui/CountLink.js';
import type { Column } from '../../ui/DataTable.js';
import { toastSuccess, unwrap, unwrapOr } from '../../ui/notify.js';
import { deleteTitle, useAction } from '../../ui/mutations.js';
import { RunningBadge } from '../../ui/RunningBadge.js';
import { StatusSwitch } from '../../ui/StatusSwitch.js';
import { DeleteSelectedButton } from '../../ui/DeleteSelectedButton.js';
import { ListSearchInput } from '../../ui/ListSearchInput.js';
import { SelectableRows } from '../../ui/SelectableRows.js';
import { useRowSelection } from '../../ui/useRowSelection.js';
import { useListSearch } from '../../ui/useListSearch.js';
import { ExportButton } from '../../ui/ExportButton.js';
import { MediaThumb } from '../../ui/MediaThumb.js';
import { deleteFailure, inHouseTexts } from './answers.js';
import { inHouseQueries } from './queries.js';
import { adTypeLabels, InHouseAdForm } from './InHouseAdForm.js';
import { useErrorPageWhenUnreachable, useSaveInHouseAd } from './useSaveInHouseAd.js';

function limitText(ad: InHouseAd): string {
  const type = limitTypeOf(ad);
  return type === 'None'
    ? 'None'
    : `${String(limitValueOf(ad))} ${type === 'View' ? 'views' : 'clicks'}`;
}

/** /manage/ads/inHouseAds/add: the running badge, the creation form and the paged list. */
export function InHouseAdsPage() {
  const queryClient = useQueryClient();
  const toErrorPage = useErrorPageWhenUnreachable();
  const [page, setPage] = useState(1);
  const { typed, setTyped, search } = useListSearch(setPage);
  const list = useQuery(inHouseQueries.page(page, search, toErrorPage));
  const { selected, setSelected } = useRowSelection(list.data?.data, { page, search });
  const refresh = () => queryClient.invalidateQueries({ queryKey: inHouseQueries.all });
  const create = useSaveInHouseAd();
  const status = useAction({
    mutationFn: async (change: { id: string; status: boolean }) =>
      unwrap(await api.inHouseAds.setStatus(change)).message,
    onSuccess: async (message) => {
      toastSuccess(message);
      await refresh();
    },
  });
  const remove = useAction({
    mutationFn: async (ids: string[]) =>
      unwrapOr(await api.inHouseAds.remove({ id: ids }), deleteFailure),
    // Deleted rows leave the selection as they leave the list.
    onSuccess: async (answer) => {
      toastSuccess(answer.message);
      await refresh();
    },
  });
  const askToDelete = async (ids: string[]) => {
    const solved = await confirmWithCaptcha({
      title: deleteTitle(
        'in-house ad',
        ids,
        (id) => list.data?.data?.find((ad) => ad._id === id)?.mainTitle,
      ),
      detail: 'Their icon and media files are deleted too. This cannot be undone.',
      confirmLabel: 'Delete',
      danger: true,
      wrongAnswer: inHouseTexts.wrongAnswer,
      typeAdmin: ids.length > typedConfirmationAbove,
    });
    if (solved) remove.mutate(ids);
  };

  const columns: Column<InHouseAd>[] = [
    {
      header: 'Icon',
      width: 64,
      cell: (ad) => <MediaThumb image={ad.icon} label={`Icon of ${ad.mainTitle}`} />,
    },
    {
      header: 'Title',
      cell: (ad) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} lineClamp={1}>
            {ad.mainTitle}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {ad.subTitle}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Type',
      width: 130,
      cell: (ad) => (
        <Badge
          variant="light"
          color={ad.ad_type === 'FS' ? 'grape' : 'indigo'}
          tt="none"
          miw="max-content"
        >
          {adTypeLabels[ad.ad_type]}
        </Badge>
      ),
    },
    {
      header: 'Media',
      width: 64,
      cell: (ad) => (
        <MediaThumb
          {...(ad.medType === 'video' ? { video: ad.medView } : { image: ad.medView })}
          label={`Media of ${ad.mainTitle}`}
        />
      ),
    },
    {
      header: 'Button',
      cell: (ad) =>
        ad.callToAction === '' ? (
          <Text size="sm" c="dimmed">
            No Link
          </Text>
        ) : (
          <Anchor href={ad.callToAction} target="_blank" rel="noopener noreferrer" size="sm">
            {ad.btnName || 'Visit'}
          </Anchor>
        ),
    },
    {
      header: 'Views',
      width: 70,
      cell: (ad) => <CountLink id={ad._id} name={ad.mainTitle} count={ad.view} what="views" />,
    },
    {
      header: 'Clicks',
      width: 70,
      cell: (ad) => (
        <CountLink id={ad._id} name={ad.mainTitle} count={ad.clickCount} what="clicks" />
      ),
    },
    { header: 'Limit', width: 100, cell: limitText },
    {
      header: 'Added',
      width: 170,
      cell: (ad) => (
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayTime(ad.createdAt)}
        </Text>
      ),
    },
    {
      header: 'Status',
      width: 130,
      cell: (ad) => (
        <StatusSwitch
          checked={ad.status}
          itemName={ad.mainTitle}
          disabled={status.isPending}
          onChange={(on) => status.mutate({ id: ad._id, status: on })}
        />
      ),
    },
    {
      header: 'Actions',
      width: 70,
      cell: (ad) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${ad.mainTitle}`}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              component={Link}
              to={paths.editInHouseAd(ad._id)}
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              Edit
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => void askToDelete([ad._id])}
            >
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
  const totalPages = Math.max(1, list.data?.totalPages ?? 1);
  const ads = list.data?.data;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h4">
          Create an in-house ad
        </Title>
        <RunningBadge running={list.data?.InHouseAdsStatus} />
      </Group>
      <InHouseAdForm busy={create.isPending} onSubmit={create.submit} />
      <Paper p="sm">
        <Group justify="space-between" gap="sm">
          <ListSearchInput
            typed={typed}
            setTyped={setTyped}
            aria-label="Search in-house ads"
            placeholder="Search by title"
            w={{ base: '100%', sm: 320 }}
          />
          <Group gap="sm">
            <ExportButton
              exportCsv={() => api.inHouseAds.export({ q: search })}
              what="in-house ads"
            />
            <DeleteSelectedButton
              count={selected.size}
              loading={remove.isPending}
              onClick={() => void askToDelete([...selected])}
            />
          </Group>
        </Group>
      </Paper>
      {ads === undefined ? (
        <Skeleton h={240} aria-label="Loading in-house ads" />
      ) : (
        <Stack gap="sm" opacity={list.isPlaceholderData ? 0.6 : 1}>
          <SelectableRows
            caption="In House Ads"
            rows={ads}
            firstNumber={(page - 1) * inHousePageSize + 1}
            columns={columns}
            selection={{ selected, onSelect: setSelected }}
            rowLabel={(ad) => ad.mainTitle}
            empty={{
              title: 'No in-house ads',
              hint:
                search === ''
                  ? 'Create the first one with the form above.'
                  : 'No ad matches the search.',
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              size="xs"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </Button>
            <Text size="sm" role="status">
              Page {page} of {totalPages}
            </Text>
            <Button
              variant="default"
              size="xs"
              disabled={page >= totalPages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
