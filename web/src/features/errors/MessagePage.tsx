import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.js';

/** A full-width message with a way back home (not found, errors). */
export function MessagePage({
  code,
  title,
  children,
}: {
  code: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Text fz={64} fw={800} c="indigo.6" lh={1} aria-hidden>
          {code}
        </Text>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {children}
        <Button component={Link} to={paths.home} mt="md">
          Go to Home
        </Button>
      </Stack>
    </Center>
  );
}
