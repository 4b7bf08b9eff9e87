import {
  adMessages,
  buildDailySeries,
  formatCount,
  wrongAnswerMessages,
  type AnalyticsItem,
  type CountRecord,
  type DateRangeQuery,
} from '@dealdesk/core';
import { runtimeConfig } from '../../app/runtime-config.js';
import { Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api } from '../../app/api.js';
import { confirmWithCaptcha } from '../../ui/captcha.js';
import { toastError, toastSuccess, unwrap } from '../../ui/notify.js';
import { Page } from '../../ui/Page.js';
import { DailyChart } from '../../ui/DailyChart.js';
import { adDashboardPath, IncreaseMarker } from '../../ui/ClickCount.js';
import { DateRangeBar } from '../../ui/DateRangeBar.js';
import { ExportButton } from '../../ui/ExportButton.js';
import { useDateRange } from '../../ui/useDateRange.js';
import { analyticsQueries } from './queries.js';
import { ClearCountsButton } from '../../ui/ClearCountsButton.js';
import { useAction } from '../../ui/mutations.js';

function CountCard({ label, count }: { label: string; count: number | undefined }) {
  return (
    <Paper p="md" aria-label={label} role="group">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {count === undefined ? (
        <Skeleton h={36} w={80} mt={4} />
      ) : (
        <Text fz={32} fw={700} lh={1.2} data-count={count}>
          {formatCount(count)}
        </Text>
      )}
    </Paper>
  );
}

/** A chart of the range's days, drawn only when there is something to draw (spec). */
function CountChart({
  title,
  total,
  records,
  color,
}: {
  title: string;
  total: number | undefined;
  records: readonly CountRecord[] | undefined;
  color: 'views' | 'clicks';
}) {
  const series = buildDailySeries(records, runtimeConfig().timeZone);
  if (total === undefined || total <= 0 || series === null) return null;
  return (
    <Paper p="md" component="section" aria-label={`${title} chart`}>
      <Title order={2} fz="h5" mb="sm">
        {title} per day
      </Title>
      <DailyChart label={title} series={series} color={color} />
    </Paper>
  );
}

function AdCard({ item }: { item: AnalyticsItem }) {
  return (
    <Card
      component={Link}
      to={adDashboardPath(item)}
      padding="md"
      withBorder
      aria-label={`${item.a_name}: ${formatCount(item.a_click)} clicks, open the dashboard`}
    >
      <Text fw={600} truncate="end">
        {item.a_name}
      </Text>
      <Group gap={6} mt={4}>
        <Text fz="xl" fw={700}>
          {formatCount(item.a_click)}
        </Text>
        <Text size="sm" c="dimmed">
          clicks
        </Text>
        <IncreaseMarker diff={item.diff} />
      </Group>
    </Card>
  );
}

/** /site/manage/analytics: views and clicks of the ads in a date range, and clearing them. */
export function AnalyticsPage() {
  const queryClient = useQueryClient();
  const dates = useDateRange();
  const report = useQuery(analyticsQueries.report(dates.range));
  const clear = useAction({
    mutationFn: async ({ ids, range }: { ids: string[]; range: DateRangeQuery }) =>
      unwrap(await api.analytics.clearAllCounts({ id: ids, ...range })).message,
    onSuccess: async (message) => {
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: analyticsQueries.all });
    },
  });
  const items = report.data?.data;

  const askToClear = async () => {
    if (items === undefined || items.length === 0) {
      toastError(adMessages.adsNotAvailable);
      return;
    }
    const range = dates.range;
    const solved = await confirmWithCaptcha({
      title: 'Clear the analytics data?',
      detail: `Views and clicks of every listed ad from ${range.startDate} to ${range.endDate} are removed.`,
      danger: true,
      wrongAnswer: wrongAnswerMessages.captchaIncorrect,
      typeAdmin: true,
    });
    if (solved) clear.mutate({ ids: items.map((item) => item._id), range });
  };

  return (
    <Page
      title="View & Click Analytics"
      description="Views and clicks of the app's ads, banners and shortcuts, by business day."
      actions={
        <Group gap="sm">
          <ExportButton exportCsv={() => api.analytics.export(dates.range)} what="analytics" />
          <ClearCountsButton loading={clear.isPending} onClick={() => void askToClear()}>
            Clear data
          </ClearCountsButton>
        </Group>
      }
    >
      <Paper p="md">
        <DateRangeBar control={dates} />
      </Paper>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <CountCard label="Views" count={report.data?.totalViews} />
        <CountCard label="Click" count={report.data?.totalClicks} />
        <CountCard label="Total Banner Clicks" count={report.data?.bannerTotal} />
        <CountCard label="Total Shortcut Clicks" count={report.data?.sortcutTotal} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <CountChart
          title="Views"
          color="views"
          total={report.data?.totalViews}
          records={report.data?.views_data}
        />
        <CountChart
          title="Clicks"
          color="clicks"
          total={report.data?.totalClicks}
          records={report.data?.clicks_data}
        />
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Ads
        </Title>
        {items === undefined ? (
          <Skeleton h={120} aria-label="Loading the ads" />
        ) : items.length === 0 ? (
          <Text c="dimmed">{adMessages.adsNotAvailable}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
            {items.map((item) => (
              <AdCard key={item._id} item={item} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Page>
  );
}
