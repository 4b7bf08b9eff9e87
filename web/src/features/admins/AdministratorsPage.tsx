// /site/admins: every administrator with their status, the invitations waiting for an answer,
// the invite form, and disabling or enabling one (after a confirmation).
import {
  formatDisplayTime,
  invitationCreateSchema,
  textLimits,
  type Administrator,
  type Invitation,
} from '@dealdesk/core';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { api } from '../../app/api.js';
import { DataTable, type Column } from '../../ui/DataTable.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { useFormState } from '../../ui/form.js';
import { useApiMutation } from '../../ui/mutations.js';
import { unwrap } from '../../ui/notify.js';
import { Page } from '../../ui/Page.js';

const administratorsQuery = queryOptions({
  queryKey: ['administrators'],
  queryFn: async () => unwrap(await api.admin.listAdministrators()),
});

/** Resolves true only when the admin confirmed. */
function confirmStatus(admin: Administrator, disable: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: `${disable ? 'Disable' : 'Enable'} ${admin.a_id}?`,
      centered: true,
      children: (
        <Text size="sm">
          {disable
            ? `${admin.a_email} is signed out everywhere at once, their API tokens are revoked, and they cannot sign in until enabled again.`
            : `${admin.a_email} can sign in again (their old sessions and API tokens stay ended).`}
        </Text>
      ),
      labels: { confirm: disable ? 'Disable' : 'Enable', cancel: 'Cancel' },
      confirmProps: disable ? { color: 'red' } : {},
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

function InviteForm() {
  const form = useFormState({ a_email: '' });
  const invite = useApiMutation(
    (input: { a_email: string }, client) => client.admin.inviteAdministrator(input),
    { refresh: administratorsQuery.queryKey, form },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check(invitationCreateSchema);
    if (input !== null) invite.mutate(input, { onSuccess: () => form.reset({ a_email: '' }) });
  };
  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-label="Invite an administrator">
        <FormRefusal message={form.refusal} />
        <Group mt={form.refusal === undefined ? 0 : 'sm'} align="flex-end" gap="sm">
          <TextInput
            label="Email of the administrator to invite"
            description="They get a one-time link and code by email, valid for 7 days."
            placeholder="name@example.com"
            type="email"
            autoComplete="off"
            maxLength={textLimits.email}
            style={{ flex: '1 1 240px' }}
            value={form.values.a_email}
            error={form.errors.a_email}
            onChange={(event) => form.set('a_email', event.currentTarget.value)}
          />
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

export function AdministratorsPage() {
  const list = useQuery(administratorsQuery);
  const refresh = { refresh: administratorsQuery.queryKey };
  const disable = useApiMutation((id: string) => api.admin.disableAdministrator({ id }), refresh);
  const enable = useApiMutation((id: string) => api.admin.enableAdministrator({ id }), refresh);
  const resend = useApiMutation(
    (email: string, client) => client.admin.inviteAdministrator({ a_email: email }),
    refresh,
  );
  const cancel = useApiMutation((id: string) => api.admin.cancelInvitation({ id }), refresh);

  const toggle = async (admin: Administrator) => {
    const disabling = admin.status === 'active';
    if (!(await confirmStatus(admin, disabling))) return;
    (disabling ? disable : enable).mutate(admin._id);
  };

  const columns: Column<Administrator>[] = [
    {
      header: 'Admin ID',
      cell: (admin) => (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {admin.a_id}
          </Text>
          {admin.you ? (
            <Badge size="sm" variant="light">
              You
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { header: 'Email', cell: (admin) => admin.a_email },
    {
      header: 'Status',
      cell: (admin) =>
        admin.status === 'active' ? (
          <Badge color="teal" variant="light">
            Active
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Disabled
          </Badge>
        ),
    },
    { header: 'Invited by', cell: (admin) => admin.invitedBy ?? '—' },
    { header: 'Since', cell: (admin) => formatDisplayTime(admin.createdAt) },
    {
      header: 'Actions',
      cell: (admin) =>
        admin.you ? null : (
          <Button
            size="xs"
            variant={admin.status === 'active' ? 'light' : 'default'}
            color={admin.status === 'active' ? 'red' : undefined}
            onClick={() => void toggle(admin)}
            aria-label={`${admin.status === 'active' ? 'Disable' : 'Enable'} ${admin.a_id}`}
          >
            {admin.status === 'active' ? 'Disable' : 'Enable'}
          </Button>
        ),
    },
  ];

  const invitationColumns: Column<Invitation>[] = [
    { header: 'Email', cell: (invitation) => invitation.email },
    { header: 'Invited by', cell: (invitation) => invitation.invitedBy ?? '—' },
    {
      header: 'Expires',
      cell: (invitation) =>
        invitation.expired ? (
          <Badge color="orange" variant="light">
            Expired
          </Badge>
        ) : (
          formatDisplayTime(invitation.expiresAt)
        ),
    },
    {
      header: 'Actions',
      cell: (invitation) => (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => resend.mutate(invitation.email)}
            aria-label={`Send again to ${invitation.email}`}
          >
            Send again
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => cancel.mutate(invitation._id)}
            aria-label={`Cancel the invitation to ${invitation.email}`}
          >
            Cancel
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Page
      title="Administrators"
      description="Who can sign in to this back-office. A disabled administrator is signed out at once."
    >
      <Stack gap="lg">
        <InviteForm />
        <DataTable
          caption="Administrators"
          rows={list.data?.data}
          columns={columns}
          query={list}
          empty={{ title: 'No administrators', hint: 'Invite one above.' }}
          rowLabel={(admin) => admin.a_id}
          minWidth={640}
        />
        {(list.data?.invitations?.length ?? 0) === 0 ? null : (
          <DataTable
            caption="Pending invitations"
            rows={list.data?.invitations}
            columns={invitationColumns}
            query={list}
            empty={{ title: 'No pending invitations', hint: '' }}
            rowLabel={(invitation) => invitation.email}
            minWidth={560}
          />
        )}
      </Stack>
    </Page>
  );
}
