// A scheduled push can be cancelled or moved until it is sent (the server refuses both once
// it is sent, being sent or cancelled, and says why in the row's form or a toast).
import {
  notificationRescheduleSchema,
  sendTimeProblem,
  wallClockOf,
  type Notification,
} from '@dealdesk/core';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarTime, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { api } from '../../app/api.js';
import { runtimeConfig } from '../../app/runtime-config.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { useFormState } from '../../ui/form.js';
import { useApiMutation } from '../../ui/mutations.js';
import { historyQueries } from './queries.js';
import { SendAtInput, sendAtInstant } from './SendAtInput.js';

/** Resolves true when the admin confirms the cancellation. */
function confirmCancel(title: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: `Cancel the notification '${title}'?`,
      centered: true,
      children: (
        <Text size="sm">
          It will not be sent. It stays in the history as Cancelled; Resend sends it again.
        </Text>
      ),
      labels: { confirm: 'Cancel notification', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** The new time, on the business clock; a refusal stays in the dialog until the time changes. */
function RescheduleForm({ row, onDone }: { row: Notification; onDone: () => void }) {
  const form = useFormState({
    sendAt: row.sendAt === null ? '' : wallClockOf(row.sendAt, runtimeConfig().timeZone),
  });
  const reschedule = useApiMutation(
    (input: { id: string; sendAt: string }) => api.notifications.reschedule(input),
    { refresh: historyQueries.all, form },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = form.check(notificationRescheduleSchema, {
      id: row._id,
      sendAt: sendAtInstant(form.values.sendAt),
    });
    if (checked === null) return;
    const past = sendTimeProblem(checked.sendAt, new Date());
    if (past !== null) return form.setErrors({ sendAt: past });
    reschedule.mutate(checked, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Reschedule the notification">
      <Stack gap="sm">
        <FormRefusal message={form.refusal} />
        <SendAtInput
          value={form.values.sendAt}
          error={form.errors.sendAt}
          onChange={(value) => form.set('sendAt', value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Keep the time
          </Button>
          <Button type="submit" loading={reschedule.isPending}>
            Reschedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Reschedule and Cancel, for a notification still waiting for its time. */
export function ScheduledActions({ row }: { row: Notification }) {
  const [moving, setMoving] = useState(false);
  const cancel = useApiMutation((id: string) => api.notifications.cancel({ id }), {
    refresh: historyQueries.all,
  });
  const cancelRow = async () => {
    if (await confirmCancel(row.n_title)) cancel.mutate(row._id);
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCalendarTime size={14} aria-hidden />}
        aria-label={`Reschedule ${row.n_title}`}
        onClick={() => setMoving(true)}
      >
        Reschedule
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="orange"
        leftSection={<IconX size={14} aria-hidden />}
        aria-label={`Cancel ${row.n_title}`}
        loading={cancel.isPending}
        onClick={() => void cancelRow()}
      >
        Cancel
      </Button>
      <Modal
        opened={moving}
        onClose={() => setMoving(false)}
        title={`Reschedule '${row.n_title}'`}
        centered
      >
        <RescheduleForm row={row} onDone={() => setMoving(false)} />
      </Modal>
    </>
  );
}
