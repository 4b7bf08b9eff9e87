// A total of the analytics screen beside the same total of the previous period, as Shopify's
// analytics cards: the count, then "vs 1.2k the period before" with the change in percent.
import { formatCount } from '@dealdesk/core';
import { Paper, Skeleton, Text } from '@mantine/core';

/** The change from the previous period in words, and how it reads (up, down, level). */
function change(count: number, previous: number): { text: string; color: string } {
  if (count === previous) return { text: 'no change', color: 'dimmed' };
  if (previous === 0) return { text: 'up from none', color: 'teal.9' };
  const percent = Math.round(((count - previous) / previous) * 100);
  return percent >= 0
    ? { text: `up ${String(percent)}%`, color: 'teal.9' }
    : { text: `down ${String(-percent)}%`, color: 'red.9' };
}

export function PeriodCount({
  label,
  count,
  previous,
}: {
  label: string;
  count: number | undefined;
  previous: number | undefined;
}) {
  const delta = count === undefined || previous === undefined ? null : change(count, previous);
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
      {delta === null || previous === undefined ? null : (
        <Text size="xs" c={delta.color} data-testid="previous-period">
          {delta.text} on the previous period ({formatCount(previous)})
        </Text>
      )}
    </Paper>
  );
}
