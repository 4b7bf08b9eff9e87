// /update/story/banner/{id}: name, link, clicks and optionally a new file; then back to the list.
import {
  bannerEditSchema,
  bannerImageUpdateRule,
  postUpdateRedirectMs,
  type Banner,
} from '@dealdesk/core';
import { Button, Group, NumberInput, Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { api } from '../../../app/api.js';
import { paths } from '../../../app/paths.js';
import { FormRefusal } from '../../../ui/FormRefusal.js';
import { shownInForm, useFormState } from '../../../ui/form.js';
import { afterSave, DraftNotice, useUnsavedChanges } from '../../../ui/useUnsavedChanges.js';
import { toastSuccess, unwrap } from '../../../ui/notify.js';
import { Page } from '../../../ui/Page.js';
import { uploadOf } from '../../../ui/upload.js';
import { HistoryLink } from '../../../ui/HistoryLink.js';
import { MediaThumb } from '../../../ui/MediaThumb.js';
import { bannerFiles, BannerFields, type BannerValues } from './BannerFields.js';
import { bannerQuery, bannersQuery } from '../queries.js';
import { useAction } from '../../../ui/mutations.js';
import { WritesFieldset } from '../../../ui/WritesFieldset.js';

function EditBannerForm({ banner }: { banner: Banner }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useFormState<BannerValues & { clickCount: string | number }>({
    name: banner.name,
    url: banner.url,
    bannerType: banner.video === '' ? 'Image' : 'Video',
    clickCount: banner.clickCount,
  });
  const [file, setFile] = useState<File | null>(null);
  const draft = useUnsavedChanges(
    `banner:${banner._id}`,
    form.values,
    form.dirty || file !== null,
    form.setValues,
  );
  const save = useAction({
    mutationFn: async (request: Parameters<typeof api.banners.edit>[0]) =>
      unwrap(await api.banners.edit(request)),
    onSuccess: async (answer) => {
      toastSuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: bannersQuery.queryKey });
      await new Promise((resolve) => setTimeout(resolve, postUpdateRedirectMs));
      void navigate(`${paths.banners}/`, afterSave);
    },
    onError: (error) => form.refused(error),
    meta: shownInForm,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const files = bannerFiles(form.values.bannerType, file);
    const insertData = {
      name: form.values.name,
      url: form.values.url,
      clickCount: form.values.clickCount,
    };
    const parsed = form.check(bannerEditSchema, { _id: banner._id, insertData, ...files });
    if (parsed === null) return;
    const uploads = Object.fromEntries(
      Object.entries(files).map(([slot, chosen]) => [slot, uploadOf(chosen)]),
    );
    save.mutate({ _id: banner._id, insertData: parsed.insertData, ...uploads });
  };

  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <WritesFieldset>
        <form onSubmit={submit} noValidate>
          <Stack>
            <FormRefusal message={form.refusal} />
            <DraftNotice offer={draft} />
            <BannerFields
              values={form.values}
              errors={form.errors}
              onChange={form.patch}
              file={file}
              onFile={setFile}
              imageRule={bannerImageUpdateRule}
              fileRequired={false}
            />
            <NumberInput
              label="Clicks"
              allowDecimal={false}
              value={form.values.clickCount}
              error={form.errors['insertData.clickCount']}
              onChange={(value) => form.set('clickCount', value)}
              maw={200}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate(paths.banners)}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Update
              </Button>
            </Group>
          </Stack>
        </form>
      </WritesFieldset>
    </Paper>
  );
}

export function BannerEditPage() {
  const { id = '' } = useParams();
  const banner = useQuery(bannerQuery(id));
  const data = banner.data?.data;
  return (
    <Page
      title="Edit banner"
      description="Change the banner and press Update; Cancel goes back to the list."
      actions={
        <Group gap="md">
          <HistoryLink kind="banner" id={id} />
          {data === undefined ? null : (
            <MediaThumb image={data.image} video={data.video} label="Current banner" size={64} />
          )}
        </Group>
      }
    >
      {data === undefined ? (
        <Skeleton h={320} aria-label="Loading the banner" />
      ) : (
        <EditBannerForm banner={data} />
      )}
    </Page>
  );
}
