// /add/story/banner: 'Add Banner', the running badge and the 'Uploaded Banner' list.
import {
  bannerAddSchema,
  bannerImageAddRule,
  networkErrorMessage,
  truncateBannerName,
  type Banner,
  type BannerAddRequest,
  type ClientResult,
} from '@dealdesk/core';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../../app/api.js';
import { paths } from '../../../app/paths.js';
import { bannersQuery } from '../queries.js';
import { addedColumn, statusColumn } from '../../../ui/columns.js';
import { CountLink } from '../../../ui/CountLink.js';
import { DataTable, type Column } from '../../../ui/DataTable.js';
import { FormRefusal } from '../../../ui/FormRefusal.js';
import { useFormState } from '../../../ui/form.js';
import { DraftNotice, useUnsavedChanges } from '../../../ui/useUnsavedChanges.js';
import { succeeded, useApiMutation } from '../../../ui/mutations.js';
import { RowActions } from '../../../ui/RowActions.js';
import { uploadOf } from '../../../ui/upload.js';
import { useBulkDelete } from '../../../ui/useBulkDelete.js';
import { LinkCell } from '../LinkCell.js';
import { MediaThumb } from '../../../ui/MediaThumb.js';
import { StoryHeading } from '../StoryHeading.js';
import { wrongAnswerFor } from '../../../ui/wrong-answers.js';
import { bannerFiles, BannerFields, type BannerValues } from './BannerFields.js';
import { WritesFieldset } from '../../../ui/WritesFieldset.js';

const emptyBanner: BannerValues = { name: '', url: '', bannerType: 'Image' };

/**
 * The spec's one banner call that says 'Internal Server Error' where every other says 'Internet
 * Server Error' (no answer, or none the client could read): the banner upload.
 */
function inUploadWords<Answer extends object>(result: ClientResult<Answer>) {
  return !result.status && result.message === networkErrorMessage
    ? { ...result, message: 'Internal Server Error' }
    : result;
}

function AddBannerForm() {
  const form = useFormState(emptyBanner);
  const [file, setFile] = useState<File | null>(null);
  const draft = useUnsavedChanges(
    'banner:new',
    form.values,
    form.dirty || file !== null,
    form.setValues,
  );
  const add = useApiMutation(
    async (input: BannerAddRequest, client) => inUploadWords(await client.banners.add(input)),
    {
      refresh: bannersQuery.queryKey,
      form,
      created: ({ data }) =>
        data === undefined
          ? undefined
          : { label: 'Open the banner', path: paths.editBanner(data._id) },
    },
  );

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
      form.reset();
      setFile(null);
    }
  };

  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <WritesFieldset>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <FormRefusal message={form.refusal} />
            <DraftNotice offer={draft} />
            <BannerFields
              values={form.values}
              errors={form.errors}
              onChange={form.patch}
              file={file}
              onFile={setFile}
              imageRule={bannerImageAddRule}
              fileRequired
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                Add Banner
              </Button>
            </Group>
          </Stack>
        </form>
      </WritesFieldset>
    </Paper>
  );
}

export function BannersPage() {
  const banners = useQuery(bannersQuery);
  const status = useApiMutation(api.banners.setStatus, { refresh: bannersQuery.queryKey });
  const { deleteIds, tableProps } = useBulkDelete(api.banners.remove, {
    refresh: bannersQuery.queryKey,
    what: 'banner',
    wrongAnswer: wrongAnswerFor.banners,
    rows: banners.data?.data,
    nameOf: (banner) => banner.name,
  });

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
          <LinkCell url={banner.url} />
        ),
    },
    {
      header: 'Clicks',
      cell: (banner) => (
        <CountLink id={banner._id} name={banner.name} count={banner.clickCount} what="clicks" />
      ),
    },
    addedColumn((banner) => banner.date_time),
    statusColumn({
      name: (banner) => banner.name,
      pending: status.isPending,
      onChange: (banner, on) => status.mutate({ id: banner._id, status: on }),
    }),
    {
      header: 'Actions',
      cell: (banner) => (
        <RowActions
          name={banner.name}
          editPath={paths.editBanner(banner._id)}
          onDelete={() => void deleteIds([banner._id])}
        />
      ),
    },
  ];

  return (
    <Stack>
      <StoryHeading title="Add Banner" running={banners.data?.bannerStatus} />
      <AddBannerForm />
      <DataTable
        caption="Uploaded Banner"
        rows={banners.data?.data}
        columns={columns}
        query={banners}
        rowLabel={(banner) => banner.name}
        empty={{
          title: 'No banners yet',
          hint: 'Add a PNG image or an mp4 video above; active banners show in the app.',
        }}
        {...tableProps}
      />
    </Stack>
  );
}
