import {
  formatDisplayTime,
  notificationIconRule,
  notificationPageSize,
  notificationSendSchema,
  sendTimeProblem,
  wrongAnswerMessages,
  type DeliveryState,
  type Notification,
  type NotificationSendRequest,
  type NotificationResendRequest,
  textLimits,
} from '@dealdesk/core';
import {
  Anchor,
  Badge,
  Button,
  SimpleGrid,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconRepeat, IconSend, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../app/api.js';
import { DataTable, type Column } from '../../ui/DataTable.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { useFormState } from '../../ui/form.js';
import { ScheduledActions } from './ScheduledActions.js';
import { SendAtInput, sendAtInstant } from './SendAtInput.js';
import { DraftNotice, useUnsavedChanges } from '../../ui/useUnsavedChanges.js';
import { useApiMutation, useGuardedDelete } from '../../ui/mutations.js';
import { Page } from '../../ui/Page.js';
import { uploadOf } from '../../ui/upload.js';
import { UploadField } from '../../ui/UploadField.js';
import { useRowSelection } from '../../ui/useRowSelection.js';
import { confirmSend } from './confirmSend.js';
import { historyQueries } from './queries.js';
import { ExportButton } from '../../ui/ExportButton.js';
import { WritesFieldset } from '../../ui/WritesFieldset.js';

const defaultIcon = '/logo.svg';

interface SendValues {
  title: string;
  message: string;
  url: string;
  /** datetime-local text on the business time zone's clock; blank sends at once. */
  sendAt: string;
}

const blank: SendValues = { title: '', message: '', url: '', sendAt: '' };

const deliveryColors: Record<DeliveryState, string> = {
  scheduled: 'blue',
  sent: 'teal',
  failed: 'red',
  cancelled: 'gray',
};
const deliveryLabels: Record<DeliveryState, string> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The stored icon's file name, which a resend names (the server looks only in its media). */
function iconFileName(icon: string): string | undefined {
  return icon === '' ? undefined : icon.split('/').at(-1);
}

function SendForm() {
  const form = useFormState<SendValues>(blank);
  const [icon, setIcon] = useState<File | null>(null);
  const draft = useUnsavedChanges(
    'notification',
    form.values,
    form.dirty || icon !== null,
    form.setValues,
  );
  const send = useApiMutation(
    (input: NotificationSendRequest, client) => client.notifications.send(input),
    { refresh: historyQueries.all, form },
  );
  // A second click while the confirmation is open must not open another one.
  const confirming = useRef(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirming.current || send.isPending) return;
    const { sendAt, ...texts } = form.values;
    const checked = form.check(notificationSendSchema, {
      ...texts,
      sendAt: sendAtInstant(sendAt),
      image: icon ?? undefined,
    });
    if (checked === null) return;
    const past = sendTimeProblem(checked.sendAt, new Date());
    if (past !== null) return form.setErrors({ sendAt: past });
    const iconUrl = icon === null ? '' : URL.createObjectURL(icon);
    confirming.current = true;
    const confirmed = await confirmSend({
      action: 'Send',
      title: checked.title,
      message: checked.message,
      url: checked.url,
      icon: iconUrl,
      sendAt: checked.sendAt,
    }).finally(() => {
      confirming.current = false;
    });
    if (iconUrl !== '') URL.revokeObjectURL(iconUrl);
    if (!confirmed) return;
    send.mutate(
      {
        title: checked.title,
        message: checked.message,
        url: checked.url,
        ...(checked.sendAt === undefined ? {} : { sendAt: checked.sendAt }),
        ...(icon === null ? {} : { image: uploadOf(icon) }),
      },
      {
        onSuccess: () => {
          form.reset();
          setIcon(null);
        },
      },
    );
  };
  const field = (key: 'title' | 'url') => ({
    value: form.values[key],
    error: form.errors[key],
    onChange: (event: { currentTarget: { value: string } }) =>
      form.set(key, event.currentTarget.value),
  });

  return (
    <WritesFieldset>
      <Paper
        p="md"
        component="form"
        onSubmit={(event: FormEvent) => void submit(event)}
        noValidate
        aria-label="Send a notification"
      >
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Send a notification
          </Title>
          <FormRefusal message={form.refusal} />
          <DraftNotice offer={draft} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack gap="sm">
              <TextInput
                label="Title"
                maxLength={textLimits.notificationTitle}
                required
                {...field('title')}
              />
              <Textarea
                label="Message"
                maxLength={textLimits.notificationMessage}
                required
                autosize
                minRows={3}
                {...form.textField('message')}
              />
            </Stack>
            <Stack gap="sm">
              <TextInput
                label="URL"
                maxLength={textLimits.url}
                description="Optional: what opens when the notification is tapped"
                type="url"
                placeholder="https://..."
                {...field('url')}
              />
              <UploadField
                label="Icon"
                rule={notificationIconRule}
                file={icon}
                onFile={setIcon}
                error={form.errors.image}
                description="Optional. PNG or GIF (JPG and JPEG are accepted too), up to 2 MB"
              />
              <SendAtInput
                description="Optional: leave empty to send now"
                value={form.values.sendAt}
                error={form.errors.sendAt}
                onChange={(value) => form.set('sendAt', value)}
              />
            </Stack>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={send.isPending}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              {form.values.sendAt === '' ? 'Send' : 'Schedule'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </WritesFieldset>
  );
}

/**
 * /site/notification: send a push notification; the history, a page of the newest at a time,
 * with resend and delete, and reschedule or cancel while one waits for its time.
 */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const history = useQuery(historyQueries.page(page));
  const rows = history.data?.rows;
  const total = history.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / notificationPageSize));
  // Deletes can empty the last page: the page before it is shown instead.
  useEffect(() => {
    if (history.data !== undefined && !history.isPlaceholderData && page > pages) setPage(pages);
  }, [history.data, history.isPlaceholderData, page, pages]);
  const { selected, setSelected } = useRowSelection(rows, { page });
  const resend = useApiMutation(
    (input: NotificationResendRequest, client) => client.notifications.resend(input),
    {
      refresh: historyQueries.all,
    },
  );
  const remove = useGuardedDelete(api.notifications.remove, {
    refresh: historyQueries.all,
    what: 'notification',
    wrongAnswer: wrongAnswerMessages.captchaIncorrect,
    nameOf: (id) => rows?.find((row) => row._id === id)?.n_title,
  });
  const resendRow = async (row: Notification) => {
    const again = { title: row.n_title, message: row.n_message, url: row.n_url };
    if (!(await confirmSend({ action: 'Resend', ...again, icon: row.n_icon }))) return;
    const fileName = iconFileName(row.n_icon);
    resend.mutate({ ...again, ...(fileName === undefined ? {} : { fileName }) });
  };
  // Deleted rows leave the selection as they leave the list.
  const deleteIds = (ids: string[]) => remove.run(ids);

  const columns: Column<Notification>[] = [
    {
      header: 'Icon',
      width: 56,
      cell: (row) => (
        <Image src={row.n_icon || defaultIcon} alt="" w={36} h={36} radius="sm" fit="contain" />
      ),
    },
    {
      header: 'Notification',
      cell: (row) => (
        <Stack gap={0} miw={220} maw={420}>
          <Text size="sm" fw={600} lineClamp={1}>
            {row.n_title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {row.n_message}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'URL',
      cell: (row) =>
        row.n_url === '' ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Anchor
            href={row.n_url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            lineClamp={1}
            maw={200}
          >
            {row.n_url}
          </Anchor>
        ),
    },
    {
      header: 'Delivery',
      width: 130,
      cell: (row) => (
        <Tooltip
          label={row.delivery.detail}
          disabled={row.delivery.detail === ''}
          multiline
          maw={280}
        >
          <Badge color={deliveryColors[row.delivery.state]} variant="light">
            {deliveryLabels[row.delivery.state]}
          </Badge>
        </Tooltip>
      ),
    },
    {
      header: 'Time',
      width: 170,
      cell: (row) => (
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayTime(row.delivery.at ?? row.sendAt ?? row.createdAt)}
        </Text>
      ),
    },
    {
      header: 'Actions',
      width: 380,
      cell: (row) => (
        <Group gap={6}>
          {row.delivery.state === 'scheduled' && <ScheduledActions row={row} />}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRepeat size={14} aria-hidden />}
            aria-label={`Resend ${row.n_title}`}
            loading={resend.isPending && resend.variables.title === row.n_title}
            onClick={() => void resendRow(row)}
          >
            Resend
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={`Delete ${row.n_title}`}
            onClick={() => void deleteIds([row._id])}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Page
      title="Notifications"
      description="Push notifications to every app user, and what was sent before."
      actions={
        <ExportButton exportCsv={() => api.notifications.export()} what="notification history" />
      }
    >
      <SendForm />
      <DataTable
        caption="Notification history"
        rows={rows}
        paging={{ page, pages, total, onPage: setPage }}
        columns={columns}
        query={history}
        empty={{ title: 'Nothing sent yet', hint: 'Notifications you send appear here.' }}
        selected={selected}
        onSelect={setSelected}
        rowLabel={(row) => row.n_title}
        toolbar={
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={selected.size === 0}
            loading={remove.isPending}
            onClick={() => void deleteIds([...selected])}
          >
            Delete selected{selected.size === 0 ? '' : ` (${selected.size})`}
          </Button>
        }
      />
    </Page>
  );
}
