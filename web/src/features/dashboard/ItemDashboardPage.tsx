// /views/dashboard/{id}: views and clicks of one item per day between two dates.
import {
  buildDailySeries,
  datePresetLabels,
  datePresetNames,
  formatCount,
  type CountRecord,
  type DatePresetName,
} from '@dealdesk/core';
import { runtimeConfig } from '../../app/runtime-config.js';
import {
  Anchor,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLayoutEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths.js';
import { Page } from '../../ui/Page.js';
import { DailyChart } from '../../ui/DailyChart.js';
import { DayInput } from '../../ui/DayInput.js';
import { useDateRange } from '../../ui/useDateRange.js';
import { itemDashboardQuery } from './queries.js';

const choices = [
  ...datePresetNames.map((name) => ({ value: name, label: datePresetLabels[name] })),
  { value: 'range', label: 'Custom range' },
];

function ChartCard({
  title,
  total,
  records,
  color,
  loading,
}: {
  title: string;
  total: number | undefined;
  records: readonly CountRecord[] | undefined;
  color: 'views' | 'clicks';
  loading: boolean;
}) {
  const series = buildDailySeries(records, runtimeConfig().timeZone);
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Text
          fw={700}
          fz="xl"
          c={color === 'views' ? 'pink.7' : 'green.8'}
          aria-label={`Total ${title}`}
        >
          {formatCount(total ?? 0)}
        </Text>
      </Group>
      {loading || series === null ? (
        <Center
          h={350}
          bg="gray.0"
          style={{ borderRadius: 8 }}
          data-testid={`${color}-placeholder`}
        >
          {loading ? (
            <Loader aria-label={`Loading ${title}`} />
          ) : (
            <Text c="dimmed" size="sm">
              No {title.toLowerCase()} recorded between these dates
            </Text>
          )}
        </Center>
      ) : (
        <DailyChart label={title} series={series} color={color} />
      )}
    </Paper>
  );
}

/** Back to the list the count was clicked in; home when the dashboard was opened directly. */
function BackLink() {
  const navigate = useNavigate();
  // react-router numbers the tab's entries it made: 0 is the one the app was opened at.
  const opened = (window.history.state as { idx?: number } | null)?.idx === 0;
  return (
    <Anchor
      component={Link}
      to={paths.home}
      size="sm"
      onClick={(event) => {
        if (opened) return;
        event.preventDefault();
        void navigate(-1);
      }}
    >
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {opened ? 'Home' : 'Back'}
      </Group>
    </Anchor>
  );
}

export function ItemDashboardPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const adName = search.get('q');
  const adsType = search.get('adsType');
  const { range, choice, choose: choosePreset, type, custom } = useDateRange();
  // Opened from a list scrolled down: the window keeps its scroll across screens.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  const dashboard = useQuery(itemDashboardQuery(id, range));
  const loading = dashboard.isFetching;

  const choose = (value: string | null) => {
    if (value === null || value === 'range') custom();
    else choosePreset(value as DatePresetName);
  };
  const setDay = (which: 'startDate' | 'endDate', day: string) => {
    if (day !== '') type(which, day);
  };

  return (
    <Page
      back={<BackLink />}
      title={adName === null ? 'Views and clicks' : `Views and clicks: ${adName}`}
      description={`${adsType === null ? '' : `A ${adsType} ad. `}Days are counted in India time (+05:30).`}
    >
      <Paper p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Period"
            data={choices}
            value={choice}
            onChange={choose}
            allowDeselect={false}
          />
          <DayInput
            label="Start date"
            value={range.startDate}
            maxDate={range.endDate}
            onChange={(day) => setDay('startDate', day)}
          />
          <DayInput
            label="End date"
            value={range.endDate}
            minDate={range.startDate}
            onChange={(day) => setDay('endDate', day)}
          />
        </SimpleGrid>
      </Paper>
      <Stack>
        <ChartCard
          title="Views"
          color="views"
          total={dashboard.data?.totalViews}
          records={dashboard.data?.views_data}
          loading={loading}
        />
        <ChartCard
          title="Clicks"
          color="clicks"
          total={dashboard.data?.totalClicks}
          records={dashboard.data?.clicks_data}
          loading={loading}
        />
      </Stack>
    </Page>
  );
}
