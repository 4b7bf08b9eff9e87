import { Badge } from '@mantine/core';

/** Mirrors the server's flag of whether the feature is running in the app. */
export function RunningBadge({ running }: { running: boolean | undefined }) {
  if (running === undefined) return null;
  return (
    <Badge color={running ? 'teal' : 'gray'} variant="dot" size="lg" role="status">
      {running ? 'Running' : 'Not Running'}
    </Badge>
  );
}
