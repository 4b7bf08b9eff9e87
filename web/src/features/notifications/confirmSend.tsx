// A push goes to every phone at once and cannot be called back: Send and Resend first show the
// notification as a phone shows it, who receives it and when, and send only on Confirm.
import { formatDisplayTime } from '@dealdesk/core';
import { Group, Image, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface SendPreview {
  title: string;
  message: string;
  url: string;
  /** The icon's address (a stored one, or an object URL of the chosen file); '' for none. */
  icon: string;
  /** When it is due (ISO); undefined sends at once. */
  sendAt?: string | undefined;
  /** 'Send' or 'Resend', as the button that opened it says. */
  action: string;
}

const defaultIcon = '/logo.svg';

function PhoneNotification({ preview }: { preview: SendPreview }) {
  return (
    <Paper
      p="sm"
      radius="lg"
      bg="gray.0"
      aria-label="Preview of the notification on a phone"
      role="figure"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Image src={preview.icon || defaultIcon} alt="" w={40} h={40} radius="md" fit="contain" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={700} lineClamp={1}>
            {preview.title}
          </Text>
          <Text size="sm" lineClamp={3}>
            {preview.message}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** Resolves true only when the admin confirmed. */
export function confirmSend(preview: SendPreview): Promise<boolean> {
  const when =
    preview.sendAt === undefined ? 'now' : `at ${formatDisplayTime(preview.sendAt)} (UTC+05:30)`;
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: `${preview.action} this notification to every app user?`,
      centered: true,
      // The second click of a double click on Send lands outside: it must not close this.
      closeOnClickOutside: false,
      children: (
        <Stack gap="sm">
          <PhoneNotification preview={preview} />
          <Text size="sm">
            <strong>Audience:</strong> every user of the app (all phones with notifications on).
          </Text>
          <Text size="sm">
            <strong>Opens:</strong> {preview.url === '' ? 'the app' : preview.url}
          </Text>
          <Text size="sm">
            <strong>When:</strong> {when}. A sent notification cannot be called back.
          </Text>
        </Stack>
      ),
      labels: {
        confirm: preview.sendAt === undefined ? `${preview.action} now` : 'Schedule',
        cancel: 'Cancel',
      },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
