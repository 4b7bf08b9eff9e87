// /site/admins: every administrator with their status and role, the invitations waiting for an
// answer, the invite form (with the role), and an owner's changes: a role, disabling or
// enabling one (after a confirmation); an owner also sees and revokes everyone's API tokens.
import {
  adminRoles,
  formatDisplayTime,
  invitationCreateSchema,
  refusalOf,
  textLimits,
  wireTable,
  type AdminRole,
  type Administrator,
  type Invitation,
} from '@dealdesk/core';
import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { api } from '../../app/api.js';
import { administratorsQuery, useScreenRefusal } from '../../app/role.js';
import { DataTable, type Column } from '../../ui/DataTable.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { useFormState } from '../../ui/form.js';
import { useApiMutation } from '../../ui/mutations.js';
import { Page } from '../../ui/Page.js';
import { WritesFieldset } from '../../ui/WritesFieldset.js';
import { AllApiTokens } from './AllApiTokens.js';

const roleOptions = adminRoles.map((role) => ({ value: role, label: role }));
const isRole = (value: string | null): value is AdminRole =>
  adminRoles.some((role) => role === value);

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
  const form = useFormState<{ a_email: string; role: AdminRole }>({
    a_email: '',
    role: 'editor',
  });
  const invite = useApiMutation(
    (input: { a_email: string; role: AdminRole }, client) =>
      client.admin.inviteAdministrator(input),
    { refresh: administratorsQuery.queryKey, form },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check(invitationCreateSchema);
    if (input !== null)
      invite.mutate(input, { onSuccess: () => form.reset({ a_email: '', role: 'editor' }) });
  };
  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <WritesFieldset>
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
              {...form.textField('a_email')}
            />
            <Select
              label="Role"
              data={roleOptions}
              value={form.values.role}
              allowDeselect={false}
              w={120}
              onChange={(role) => {
                if (isRole(role)) form.set('role', role);
              }}
            />
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </form>
      </WritesFieldset>
    </Paper>
  );
}

export function AdministratorsPage() {
  const list = useQuery(administratorsQuery);
  const refusal = useScreenRefusal();
  const you = list.data?.data?.find((admin) => admin.you);
  // Only once the role is known: the list is an owner's, and asking for it otherwise is refused.
  const seesAllTokens =
    you !== undefined && refusalOf(wireTable.admin.listAllTokens, you.role) === null;
  const refresh = { refresh: administratorsQuery.queryKey };
  const changeRole = useApiMutation(
    (input: { id: string; role: AdminRole }) => api.admin.changeAdministratorRole(input),
    refresh,
  );
  const disable = useApiMutation((id: string) => api.admin.disableAdministrator({ id }), refresh);
  const enable = useApiMutation((id: string) => api.admin.enableAdministrator({ id }), refresh);
  const resend = useApiMutation(
    (invitation: Invitation, client) =>
      client.admin.inviteAdministrator({ a_email: invitation.email, role: invitation.role }),
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
      header: 'Role',
      cell: (admin) =>
        refusal === null ? (
          <Select
            size="xs"
            w={110}
            data={roleOptions}
            value={admin.role}
            allowDeselect={false}
            aria-label={`Role of ${admin.a_id}`}
            disabled={changeRole.isPending}
            onChange={(role) => {
              if (isRole(role) && role !== admin.role) changeRole.mutate({ id: admin._id, role });
            }}
          />
        ) : (
          <Text size="sm" title={refusal}>
            {admin.role}
          </Text>
        ),
    },
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
            disabled={refusal !== null}
            title={refusal ?? undefined}
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
    { header: 'Role', cell: (invitation) => invitation.role },
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
        <Group gap="xs" title={refusal ?? undefined}>
          <Button
            disabled={refusal !== null}
            size="xs"
            variant="default"
            onClick={() => resend.mutate(invitation)}
            aria-label={`Send again to ${invitation.email}`}
          >
            Send again
          </Button>
          <Button
            disabled={refusal !== null}
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
        {seesAllTokens ? <AllApiTokens /> : null}
      </Stack>
    </Page>
  );
}
