// /profile/security: the caller's own sessions (where, since when, last used) and API tokens,
// each revocable; new API tokens are made here and their secret is shown once.
import {
  apiTokenCreateSchema,
  apiTokenMaxDays,
  apiTokenNameMaxChars,
  formatDisplayTime,
  type AdminSession,
  type ApiToken,
  type TokenScope,
  wireTable,
} from '@dealdesk/core';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../app/api.js';
import { useRefusal } from '../../app/role.js';
import { DataTable, type Column } from '../../ui/DataTable.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { useFormState } from '../../ui/form.js';
import { useApiMutation } from '../../ui/mutations.js';
import { unwrap } from '../../ui/notify.js';
import { Page } from '../../ui/Page.js';
import { apiTokenColumns, apiTokensKey, confirmRevoke, when } from '../../ui/api-tokens.js';
import { AuthenticatorApp } from './AuthenticatorApp.js';

const sessionsQuery = queryOptions({
  queryKey: ['sessions'],
  queryFn: async () => unwrap(await api.admin.listSessions()),
});

const tokensQuery = queryOptions({
  queryKey: apiTokensKey,
  queryFn: async () => unwrap(await api.admin.listTokens()),
});

function Sessions() {
  const sessions = useQuery(sessionsQuery);
  const refresh = { refresh: sessionsQuery.queryKey };
  const revoke = useApiMutation((id: string) => api.admin.revokeSession({ id }), refresh);
  const revokeOthers = useApiMutation(() => api.admin.revokeOtherSessions(), refresh);
  const others = (sessions.data?.data ?? []).filter((session) => !session.current).length;

  const columns: Column<AdminSession>[] = [
    {
      header: 'Device',
      cell: (session) => (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {session.device}
          </Text>
          {session.current ? (
            <Badge size="sm" color="teal" variant="light">
              This session
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { header: 'Address', cell: (session) => session.address || '—' },
    { header: 'Started', cell: (session) => formatDisplayTime(session.startedAt) },
    { header: 'Last used', cell: (session) => when(session.lastUsedAt, 'Not since sign-in') },
    {
      header: 'Actions',
      cell: (session) =>
        session.current ? null : (
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-label={`Revoke the session of ${session.device} started ${formatDisplayTime(session.startedAt)}`}
            onClick={() =>
              void confirmRevoke(
                'Revoke this session?',
                `${session.device} (${session.address}) is signed out at once.`,
              ).then((yes) => yes && revoke.mutate(session._id))
            }
          >
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <DataTable
      caption="Sessions"
      rows={sessions.data?.data}
      columns={columns}
      query={sessions}
      empty={{ title: 'No sessions', hint: 'Signing in starts one.' }}
      rowLabel={(session) => session.device}
      minWidth={640}
      toolbar={
        others === 0 ? null : (
          <Button
            size="xs"
            variant="default"
            loading={revokeOthers.isPending}
            onClick={() =>
              void confirmRevoke(
                'Sign out every other session?',
                `${others} other session${others === 1 ? '' : 's'} end at once; this one stays.`,
              ).then((yes) => yes && revokeOthers.mutate(undefined))
            }
          >
            Sign out other sessions
          </Button>
        )
      }
    />
  );
}

interface TokenForm {
  name: string;
  expiresInDays: number | '';
  readOnly: boolean;
}

const noToken: TokenForm = { name: '', expiresInDays: '', readOnly: false };

function NewToken() {
  const form = useFormState<TokenForm>(noToken);
  // A viewer makes no tokens (an editor or owner does): said on the disabled button.
  const refusal = useRefusal(wireTable.admin.createToken);
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const create = useApiMutation(
    (input: { name: string; expiresInDays?: number | undefined; scope: TokenScope }, client) =>
      client.admin.createToken(input),
    { refresh: tokensQuery.queryKey, form },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { name, expiresInDays, readOnly } = form.values;
    const input = form.check(apiTokenCreateSchema, {
      name,
      ...(expiresInDays === '' ? {} : { expiresInDays }),
      scope: readOnly ? 'read' : 'write',
    });
    if (input === null) return;
    create.mutate(input, {
      onSuccess: (answer) => {
        if (answer.token !== undefined) setSecret({ name: input.name, token: answer.token });
        form.reset(noToken);
      },
    });
  };
  return (
    <Stack gap="sm">
      {secret === null ? null : (
        <Alert color="teal" title={`API token "${secret.name}" created`} role="status">
          <Stack gap="xs">
            <Text size="sm">Copy it now: it is not shown again.</Text>
            <Code block aria-label="The new API token" style={{ wordBreak: 'break-all' }}>
              {secret.token}
            </Code>
            <Group gap="xs">
              <CopyButton value={secret.token}>
                {({ copied, copy }) => (
                  <Button size="xs" onClick={copy} color={copied ? 'teal' : undefined}>
                    {copied ? 'Copied' : 'Copy token'}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" variant="default" onClick={() => setSecret(null)}>
                Done
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Create an API token">
        <FormRefusal message={form.refusal} />
        <Group mt={form.refusal === undefined ? 0 : 'sm'} align="flex-end" gap="sm">
          <TextInput
            label="New API token"
            description="For scripts and scheduled jobs; name it after what uses it."
            placeholder="nightly import"
            maxLength={apiTokenNameMaxChars}
            style={{ flex: '1 1 220px' }}
            {...form.textField('name')}
          />
          <NumberInput
            label="Expires in days"
            description="Empty: never"
            min={1}
            max={apiTokenMaxDays}
            allowDecimal={false}
            w={150}
            value={form.values.expiresInDays}
            error={form.errors.expiresInDays}
            onChange={(value) => form.set('expiresInDays', typeof value === 'number' ? value : '')}
          />
          <Checkbox
            label="Read only"
            description="For jobs that only report"
            checked={form.values.readOnly}
            onChange={(event) => form.set('readOnly', event.currentTarget.checked)}
          />
          <Button
            type="submit"
            loading={create.isPending}
            disabled={refusal !== null}
            title={refusal ?? undefined}
          >
            Create token
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function ApiTokens() {
  const tokens = useQuery(tokensQuery);
  const revoke = useApiMutation((id: string) => api.admin.revokeToken({ id }), {
    refresh: tokensQuery.queryKey,
  });
  const columns = apiTokenColumns<ApiToken>((token) => revoke.mutate(token._id));
  return (
    <Stack gap="md">
      <Paper p={{ base: 'md', sm: 'lg' }}>
        <NewToken />
      </Paper>
      <DataTable
        caption="API tokens"
        rows={tokens.data?.data}
        columns={columns}
        query={tokens}
        empty={{ title: 'No API tokens', hint: 'Create one above for a script.' }}
        rowLabel={(token) => token.name}
        minWidth={640}
      />
    </Stack>
  );
}

export function SecurityPage() {
  return (
    <Page
      title="Security"
      description="Where you are signed in, your API tokens, and how you sign in."
    >
      <Sessions />
      <ApiTokens />
      <AuthenticatorApp />
    </Page>
  );
}
