import {
  authenticatorCodeSchema,
  authenticatorOffSchema,
  codeLength,
  formatDisplayTime,
  recoveryCodeMaxChars,
  type AuthenticatorSetup,
  type ClientResult,
} from '@dealdesk/core';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { api } from '../../app/api.js';
import { useFormState } from '../../ui/form.js';
import { LoadError } from '../../ui/LoadError.js';
import { toastSuccess, unwrap } from '../../ui/notify.js';
import { useAction } from '../../ui/mutations.js';

const statusQuery = queryOptions({
  queryKey: ['authenticator'],
  queryFn: async () => unwrap(await api.admin.authenticatorStatus()),
});

/** The key in groups of four, as authenticator apps show a key to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** One code field and its button: the set-up's confirmation, new recovery codes, turning off. */
function CodeStep({
  label,
  description,
  schema,
  submitLabel,
  danger = false,
  maxLength = codeLength,
  onCode,
  onCancel,
}: {
  label: string;
  description: string;
  schema: z.ZodType<{ code: string }>;
  submitLabel: string;
  danger?: boolean;
  maxLength?: number;
  onCode: (code: string) => Promise<string | undefined>;
  onCancel?: () => void;
}) {
  const form = useFormState({ code: '' });
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.check(schema);
    if (checked === null) return;
    setBusy(true);
    try {
      // A wrong code stays beside the field until it changes.
      const refusal = await onCode(checked.code);
      if (refusal !== undefined) form.refuse(refusal, 'code');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-end">
        <TextInput
          label={label}
          description={description}
          autoComplete="one-time-code"
          maxLength={maxLength}
          required
          {...form.textField('code')}
        />
        <Button type="submit" loading={busy} color={danger ? 'red' : undefined}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    </form>
  );
}

/** The ten recovery codes, shown once: copied or downloaded, then confirmed as saved. */
function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const [saved, setSaved] = useState(false);
  const text = `Dealdesk recovery codes (each works once):\n${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'dealdesk-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack gap="sm">
      <Text fw={600}>Your recovery codes</Text>
      <Text size="sm" c="dimmed">
        Each code signs you in once instead of a code from the app, for when the phone is lost. Keep
        them somewhere safe: they are not shown again.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} aria-label="Recovery codes" role="list">
        {codes.map((code) => (
          <Code key={code} role="listitem" fz="md">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          Download codes
        </Button>
      </Group>
      <Checkbox
        label="I have saved my recovery codes"
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Group>
        <Button disabled={!saved} onClick={onSaved}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/** The key of a set-up under way: its QR code and the key as text, then the confirming code. */
function SetupStep({
  setup,
  onCode,
  onCancel,
}: {
  setup: AuthenticatorSetup;
  onCode: (code: string) => Promise<string | undefined>;
  onCancel: () => void;
}) {
  return (
    <Stack gap="sm">
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>Open your authenticator app and add an account.</List.Item>
        <List.Item>Scan the QR code, or type in the key below.</List.Item>
        <List.Item>Enter the {codeLength}-digit code the app then shows.</List.Item>
      </List>
      <Group align="flex-start" gap="lg">
        <Image
          src={setup.qrCode}
          alt="QR code of the key for your authenticator app"
          w={180}
          h={180}
          bg="white"
        />
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Key
          </Text>
          <Code fz="md" data-testid="authenticator-key">
            {grouped(setup.secret)}
          </Code>
          <Text size="xs" c="dimmed">
            Time-based, 6 digits, every 30 seconds.
          </Text>
          <Anchor href={setup.uri} size="sm">
            On this phone? Open the key in the app
          </Anchor>
        </Stack>
      </Group>
      <CodeStep
        label="Code from the app"
        description={`The ${codeLength} digits it shows now`}
        schema={authenticatorCodeSchema}
        submitLabel="Turn on"
        onCode={onCode}
        onCancel={onCancel}
      />
    </Stack>
  );
}

/**
 * The authenticator app as the second sign-in step (Profile > Security): set up with a QR code
 * or the key, confirmed with a code; then recovery codes, shown once; its status, new recovery
 * codes and turning it off, each with a code.
 */
export function AuthenticatorApp() {
  const queryClient = useQueryClient();
  const status = useQuery(statusQuery);
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<'renew' | 'off' | 'move' | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: statusQuery.queryKey });
  const start = useAction({
    mutationFn: async () => unwrap(await api.admin.authenticatorSetup()),
    onSuccess: (answer) => {
      setSetup({ secret: answer.secret ?? '', uri: answer.uri ?? '', qrCode: answer.qrCode ?? '' });
      setRecoveryCodes(null);
    },
  });
  /** Moving to another phone: the set-up starts with a code from the app in use. */
  const move = async (code: string): Promise<string | undefined> => {
    const answer = await api.admin.authenticatorSetup({ code });
    if (!answer.status) return answer.message;
    setSetup({ secret: answer.secret ?? '', uri: answer.uri ?? '', qrCode: answer.qrCode ?? '' });
    setAction(null);
    return undefined;
  };
  /** Runs a code step; a success shows its message and any new recovery codes; a refusal is answered. */
  const run = async (
    call: Promise<ClientResult<{ recoveryCodes?: string[] | undefined }>>,
  ): Promise<string | undefined> => {
    const answer = await call;
    if (!answer.status) return answer.message;
    toastSuccess(answer.message);
    setSetup(null);
    setAction(null);
    if (answer.recoveryCodes !== undefined) setRecoveryCodes(answer.recoveryCodes);
    await refresh();
    return undefined;
  };

  const data = status.data?.data;
  const body = () => {
    if (status.isError)
      return <LoadError what="the authenticator app" retry={() => void status.refetch()} />;
    if (data === undefined) return <Skeleton h={60} />;
    if (recoveryCodes !== null)
      return <RecoveryCodes codes={recoveryCodes} onSaved={() => setRecoveryCodes(null)} />;
    if (setup !== null)
      return (
        <SetupStep
          setup={setup}
          onCode={(code) => run(api.admin.authenticatorConfirm({ code }))}
          onCancel={() => setSetup(null)}
        />
      );
    if (!data.enabled)
      return (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Off: sign-in codes are mailed to you. With an authenticator app on your phone, sign-in
            asks for the code the app shows instead.
          </Text>
          <Button loading={start.isPending} onClick={() => start.mutate()}>
            Set up authenticator app
          </Button>
        </Stack>
      );
    return (
      <Stack gap="sm">
        <Text size="sm">
          On since {formatDisplayTime(data.enabledAt)}. Recovery codes left:{' '}
          <b>{data.recoveryCodesLeft}</b>
        </Text>
        {action === null && (
          <Group>
            <Button variant="light" onClick={() => setAction('renew')}>
              New recovery codes
            </Button>
            <Button variant="light" color="red" onClick={() => setAction('off')}>
              Turn off
            </Button>
            <Button variant="default" onClick={() => setAction('move')}>
              Move to another phone
            </Button>
          </Group>
        )}
        {action === 'renew' && (
          <CodeStep
            label="Code from the app"
            description="New codes replace the ones you have"
            schema={authenticatorCodeSchema}
            submitLabel="Make new codes"
            onCode={(code) => run(api.admin.authenticatorRecoveryCodes({ code }))}
            onCancel={() => setAction(null)}
          />
        )}
        {action === 'move' && (
          <CodeStep
            label="Code from the app you have now, or a recovery code"
            description="Then scan the new key with the app on your other phone"
            schema={authenticatorOffSchema}
            submitLabel="Continue"
            maxLength={recoveryCodeMaxChars}
            onCode={move}
            onCancel={() => setAction(null)}
          />
        )}
        {action === 'off' && (
          <CodeStep
            label="Code from the app, or a recovery code"
            description="Sign-in codes are then mailed to you again"
            schema={authenticatorOffSchema}
            submitLabel="Turn off"
            danger
            maxLength={recoveryCodeMaxChars}
            onCode={(code) => run(api.admin.authenticatorOff({ code }))}
            onCancel={() => setAction(null)}
          />
        )}
      </Stack>
    );
  };

  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="authenticator-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="authenticator-title">
            Authenticator app
          </Title>
          {data !== undefined && (
            <Badge color={data.enabled ? 'teal' : 'gray'} variant="light">
              {data.enabled ? 'On' : 'Off'}
            </Badge>
          )}
        </Group>
        {body()}
      </Stack>
    </Paper>
  );
}
