import { Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';

/** The state of a list's query, as a list needs it to say why it shows nothing. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A list whose call failed: says so, with Retry, instead of a skeleton forever or "empty". */
export function LoadError({ what, retry }: { what: string; retry: () => void }) {
  return (
    <Center py="xl">
      <Stack align="center" gap={6} maw={380} ta="center" role="alert">
        <ThemeIcon size={48} radius="xl" variant="light" color="red">
          <IconCloudOff size={26} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>Could not load {what}</Text>
        <Text size="sm" c="dimmed">
          The server did not answer as expected. Check the connection and try again.
        </Text>
        <Button variant="light" mt="xs" onClick={retry}>
          Retry
        </Button>
      </Stack>
    </Center>
  );
}
