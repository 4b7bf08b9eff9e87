import {
  adMessages,
  formatDisplayDay,
  webAdAddSchema,
  webAdUpdateSchema,
  wrongAnswerMessages,
  type DateRangeQuery,
  type WebAd,
} from '@dealdesk/core';
import { Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../app/api.js';
import { confirmWithCaptcha } from '../../ui/captcha.js';
import { toastError, toastSuccess, unwrap } from '../../ui/notify.js';
import { ClickCount } from '../../ui/ClickCount.js';
import { DateRangeBar } from '../../ui/DateRangeBar.js';
import { useDateRange } from '../../ui/useDateRange.js';
import { AdAddForm } from './AdAddForm.js';
import { AdTable } from './AdTable.js';
import { SearchAds } from './SearchAds.js';
import { matchingAds } from './search.js';
import { adQueries } from './queries.js';
import { ClearCountsButton } from '../../ui/ClearCountsButton.js';
import { useAction } from '../../ui/mutations.js';

type CountedWebAd = WebAd & { diff: number };

/** Website ads: the add form, the ads with their clicks in a date range, and clearing. */
export function WebAdsPage() {
  const queryClient = useQueryClient();
  const dates = useDateRange();
  const [search, setSearch] = useState('');
  const ads = useQuery(adQueries.webAds(dates.range));
  const reload = () => queryClient.invalidateQueries({ queryKey: adQueries.allWebAds });
  const saved = async (answer: Awaited<ReturnType<typeof api.webAds.add>>) => {
    const { message } = unwrap(answer);
    await reload();
    return message;
  };

  const remove = useAction({
    mutationFn: async (id: string) => unwrap(await api.webAds.remove({ id })).message,
    onSuccess: async (message) => {
      toastSuccess(message);
      await reload();
    },
  });
  const clear = useAction({
    mutationFn: async ({ ids, range }: { ids: string[]; range: DateRangeQuery }) =>
      unwrap(await api.webAds.clearAllCounts({ id: ids, ...range })).message,
    onSuccess: async (message) => {
      toastSuccess(message);
      await reload();
    },
  });

  const askToRemove = async (ad: CountedWebAd, done: () => void) => {
    const solved = await confirmWithCaptcha({
      title: `Delete web ad '${ad.a_name}'?`,
      detail: 'The ad and its click counts are deleted. This cannot be undone.',
      confirmLabel: 'Delete',
      danger: true,
      wrongAnswer: wrongAnswerMessages.captchaIncorrect,
    });
    if (solved) remove.mutate(ad._id, { onSuccess: done });
  };
  const listed = matchingAds(ads.data ?? [], search);
  const askToClear = async () => {
    if (listed.length === 0) {
      toastError(adMessages.adsNotAvailable);
      return;
    }
    const range = dates.range;
    const solved = await confirmWithCaptcha({
      title: 'Clear the click data?',
      detail: `Clicks of every listed web ad from ${formatDisplayDay(range.startDate)} to ${formatDisplayDay(range.endDate)} are removed.`,
      danger: true,
      wrongAnswer: wrongAnswerMessages.captchaIncorrect,
    });
    if (solved) clear.mutate({ ids: listed.map((ad) => ad._id), range });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <AdAddForm
          label="Website Ads"
          idLabel="Ad URL"
          schema={webAdAddSchema}
          add={async (ad, client) => saved(await client.webAds.add(ad))}
        />
        <SearchAds value={search} onChange={setSearch} label="Website Ads" />
      </Group>
      <Paper p="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <DateRangeBar control={dates} />
          <ClearCountsButton loading={clear.isPending} onClick={() => void askToClear()}>
            Clear all data
          </ClearCountsButton>
        </Group>
      </Paper>
      {ads.data === undefined ? (
        <Skeleton h={240} aria-label="Loading Website Ads" />
      ) : (
        <AdTable
          caption="Web ads"
          ads={listed}
          idLabel="Ad URL"
          schema={webAdUpdateSchema}
          update={async (id, change) => saved(await api.webAds.update({ id, ...change }))}
          extraColumns={[
            {
              header: 'Click',
              cell: (ad) => <ClickCount item={ad} dates={dates} adsType="web" />,
            },
          ]}
          editActions={(ad, done) => (
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={remove.isPending}
              onClick={() => void askToRemove(ad, done)}
            >
              Delete
            </Button>
          )}
        />
      )}
    </Stack>
  );
}
