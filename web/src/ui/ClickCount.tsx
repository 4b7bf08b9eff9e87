import { formatCount, type AnalyticsItem } from '@dealdesk/core';
import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.js';
import { rangeAddress, type DateRangeState } from './useDateRange.js';

/**
 * Where an ad's count leads: its dashboard, named by q, adsType=web for web ads, and the
 * range the count was read in, so the dashboard opens on the same days.
 */
export function adDashboardPath(
  item: Pick<AnalyticsItem, '_id' | 'a_name'>,
  dates: DateRangeState,
  adsType?: 'web',
) {
  return paths.dashboard(item._id, {
    q: item.a_name,
    ...(adsType === undefined ? {} : { adsType }),
    ...rangeAddress(dates),
  });
}

/** The green increase marker: clicks gained since the last load, shown only when some were. */
export function IncreaseMarker({ diff }: { diff: number | undefined }) {
  if (diff === undefined || diff <= 0) return null;
  return (
    <Badge color="green" variant="light" size="sm" aria-label={`${diff} more since the last load`}>
      +{formatCount(diff)}
    </Badge>
  );
}

/** An ad's clicks in the range, leading to its dashboard, with the increase marker. */
export function ClickCount({
  item,
  dates,
  adsType,
}: {
  item: AnalyticsItem;
  dates: DateRangeState;
  adsType?: 'web';
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor
        component={Link}
        to={adDashboardPath(item, dates, adsType)}
        aria-label={`${formatCount(item.a_click)} clicks on ${item.a_name}, open the dashboard`}
      >
        {formatCount(item.a_click)}
      </Anchor>
      <IncreaseMarker diff={item.diff} />
    </Group>
  );
}
