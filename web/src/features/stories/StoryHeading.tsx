import { Stack, Title } from '@mantine/core';
import { RunningBadge } from '../../ui/RunningBadge.js';

/** A story tab's heading, with whether the app shows that kind right now. */
export function StoryHeading({ title, running }: { title: string; running: boolean | undefined }) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        {title}
      </Title>
      <RunningBadge running={running} />
    </Stack>
  );
}
