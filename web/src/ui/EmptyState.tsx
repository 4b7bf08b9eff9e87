import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

/** What a list shows before it has anything in it. */
export function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap={6} maw={360} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconInbox size={26} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Center>
  );
}
