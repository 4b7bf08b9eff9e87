import {
  adMessages,
  comparedDailySeries,
  formatCount,
  formatDisplayDay,
  previousPeriod,
  wrongAnswerMessages,
  type AnalyticsItem,
  type CountRecord,
  type DateRangeQuery,
} from '@dealdesk/core';
import { runtimeConfig } from '../../app/runtime-config.js';
import { Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PeriodCount } from './PeriodCount.js';
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
import { useDateRange, type DateRangeState } from '../../ui/useDateRange.js';
import { analyticsQueries } from './queries.js';
import { ClearCountsButton } from '../../ui/ClearCountsButton.js';
import { useAction } from '../../ui/mutations.js';

interface ChartRecords {
  records: readonly CountRecord[] | undefined;
  range: DateRangeQuery;
}

/**
 * A chart of the range's days, drawn only when there is something to draw (spec), the
 * previous period's days as a faint dashed line behind.
 */
function CountChart({
  title,
  total,
  current,
  previous,
  color,
}: {
  title: string;
  total: number | undefined;
  current: ChartRecords;
  previous: ChartRecords;
  color: 'views' | 'clicks';
}) {
  const series = comparedDailySeries(current, previous, runtimeConfig().timeZone);
  if (total === undefined || total <= 0 || series === null) return null;
  return (
    <Paper p="md" component="section" aria-label={`${title} chart`}>
      <Title order={2} fz="h5" mb="sm">
        {title} per day
      </Title>
      <DailyChart label={title} series={series} color={color} />
      <Text size="xs" c="dimmed" mt={4}>
        Dashed: the previous period, {formatDisplayDay(previous.range.startDate)} to{' '}
        {formatDisplayDay(previous.range.endDate)}, day by day.
      </Text>
    </Paper>
  );
}

function AdCard({ item, dates }: { item: AnalyticsItem; dates: DateRangeState }) {
  // The link's name is its visible text (name, clicks, increase), as speech input expects.
  return (
    <Card component={Link} to={adDashboardPath(item, dates)} padding="md" withBorder>
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
  // A month shows a shape; today alone is one dot in an empty chart.
  const dates = useDateRange('thisMonth');
  const compared = previousPeriod(dates.choice, dates.range);
  const report = useQuery(analyticsQueries.report(dates.range));
  const before = useQuery(analyticsQueries.totals(compared)).data;
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
      detail: `Views and clicks of every listed ad from ${formatDisplayDay(range.startDate)} to ${formatDisplayDay(range.endDate)} are removed.`,
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
        <PeriodCount label="Views" count={report.data?.totalViews} previous={before?.totalViews} />
        <PeriodCount
          label="Click"
          count={report.data?.totalClicks}
          previous={before?.totalClicks}
        />
        <PeriodCount
          label="Total Banner Clicks"
          count={report.data?.bannerTotal}
          previous={before?.bannerTotal}
        />
        <PeriodCount
          label="Total Shortcut Clicks"
          count={report.data?.sortcutTotal}
          previous={before?.sortcutTotal}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <CountChart
          title="Views"
          color="views"
          total={report.data?.totalViews}
          current={{ records: report.data?.views_data, range: dates.range }}
          previous={{ records: before?.views_data, range: compared }}
        />
        <CountChart
          title="Clicks"
          color="clicks"
          total={report.data?.totalClicks}
          current={{ records: report.data?.clicks_data, range: dates.range }}
          previous={{ records: before?.clicks_data, range: compared }}
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
              <AdCard key={item._id} item={item} dates={dates} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Page>
  );
}
