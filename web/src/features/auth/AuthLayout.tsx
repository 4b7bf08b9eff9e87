import { Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card every sign-in and reset screen sits in. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md" bg="gray.1">
      <Stack w="100%" maw={420} gap="lg">
        <Group gap="xs" justify="center">
          <Image src="/logo.svg" alt="" w={36} h={36} />
          <Text fw={700} fz="xl">
            Dealdesk
          </Text>
        </Group>
        <Paper p="xl" shadow="sm" component="main">
          <Stack gap="lg">
            <div>
              <Title order={1} fz="h2">
                {title}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {subtitle}
              </Text>
            </div>
            {children}
          </Stack>
        </Paper>
        {footer === undefined ? null : (
          <Text ta="center" size="sm">
            {footer}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
