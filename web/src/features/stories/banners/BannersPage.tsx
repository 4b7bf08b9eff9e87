// /add/story/banner: 'Add Banner', the running badge and the 'Uploaded Banner' list.
import {
  bannerAddSchema,
  bannerImageAddRule,
  formatDisplayTime,
  truncateBannerName,
  type Banner,
} from '@dealdesk/core';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../../app/api.js';
import { paths } from '../../../app/paths.js';
import { CountLink } from '../../../ui/CountLink.js';
import { DataTable, type Column } from '../../../ui/DataTable.js';
import { useFormState } from '../../../ui/form.js';
import { succeeded, useApiMutation, useGuardedDelete } from '../../../ui/mutations.js';
import { unwrap } from '../../../ui/notify.js';
import { RunningBadge } from '../../../ui/RunningBadge.js';
import { StatusSwitch } from '../../../ui/StatusSwitch.js';
import { uploadOf } from '../../../ui/upload.js';
import { MediaThumb } from '../MediaThumb.js';
import { wrongAnswerFor } from '../wrong-answers.js';
import { bannerFiles, BannerFields, type BannerValues } from './BannerFields.js';

export const bannerListKey = ['banners'];
const emptyBanner: BannerValues = { name: '', url: '', bannerType: 'Image' };

function AddBannerForm() {
  const form = useFormState(emptyBanner);
  const [file, setFile] = useState<File | null>(null);
  const [round, setRound] = useState(0);
  const add = useApiMutation(api.banners.add, {
    refresh: bannerListKey,
    fallback: 'Banner added successfully',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const files = bannerFiles(form.values.bannerType, file);
    const insertData = { name: form.values.name, url: form.values.url };
    const parsed = form.check(bannerAddSchema, { insertData, ...files });
    if (parsed === null) return;
    const uploads = Object.fromEntries(
      Object.entries(files).map(([slot, chosen]) => [slot, uploadOf(chosen)]),
    );
    if (await succeeded(add.mutateAsync({ insertData: parsed.insertData, ...uploads }))) {
      form.setValues(emptyBanner);
      setFile(null);
      setRound((current) => current + 1);
    }
  };

  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <BannerFields
            values={form.values}
            errors={form.errors}
            onChange={form.patch}
            file={file}
            onFile={setFile}
            imageRule={bannerImageAddRule}
            fileRequired
            fileKey={round}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              Add Banner
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function BannersPage() {
  const banners = useQuery({
    queryKey: bannerListKey,
    queryFn: async () => unwrap(await api.banners.list()),
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const status = useApiMutation(api.banners.setStatus, { refresh: bannerListKey });
  const remove = useGuardedDelete(api.banners.remove, {
    refresh: bannerListKey,
    what: 'banner',
    wrongAnswer: wrongAnswerFor.banners,
  });
  const deleteIds = async (ids: string[]) => {
    if (await remove.run(ids)) setSelected(new Set());
  };

  const columns: Column<Banner>[] = [
    {
      header: 'Preview',
      width: 96,
      cell: (banner) => (
        <MediaThumb image={banner.image} video={banner.video} label={banner.name} size={56} />
      ),
    },
    {
      header: 'Name',
      cell: (banner) => (
        <Text fw={500} title={banner.name}>
          {truncateBannerName(banner.name)}
        </Text>
      ),
    },
    {
      header: 'URL',
      cell: (banner) =>
        banner.url === '' ? (
          <Text size="sm" c="dimmed">
            No link
          </Text>
        ) : (
          <Anchor
            href={banner.url}
            target="_blank"
            rel="noreferrer"
            size="sm"
            lineClamp={1}
            maw={220}
          >
            {banner.url}
          </Anchor>
        ),
    },
    {
      header: 'Clicks',
      cell: (banner) => <CountLink id={banner._id} count={banner.clickCount} what="clicks" />,
    },
    {
      header: 'Added',
      cell: (banner) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayTime(banner.date_time)}
        </Text>
      ),
    },
    {
      header: 'Status',
      cell: (banner) => (
        <StatusSwitch
          checked={banner.status}
          itemName={banner.name}
          disabled={status.isPending}
          onChange={(on) => status.mutate({ id: banner._id, status: on })}
        />
      ),
    },
    {
      header: 'Actions',
      cell: (banner) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon
              component={Link}
              to={paths.editBanner(banner._id)}
              variant="subtle"
              aria-label={`Edit ${banner.name}`}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${banner.name}`}
              onClick={() => void deleteIds([banner._id])}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Add Banner
        </Title>
        <RunningBadge running={banners.data?.bannerStatus} />
      </Stack>
      <AddBannerForm />
      <DataTable
        caption="Uploaded Banner"
        rows={banners.data?.data}
        columns={columns}
        loading={banners.isPending}
        rowLabel={(banner) => banner.name}
        selected={selected}
        onSelect={setSelected}
        empty={{
          title: 'No banners yet',
          hint: 'Add a PNG image or an mp4 video above; active banners show in the app.',
        }}
        toolbar={
          selected.size > 0 ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={remove.isPending}
              onClick={() => void deleteIds([...selected])}
            >
              Delete selected ({selected.size})
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
