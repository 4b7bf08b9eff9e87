import {
  phoneMaxLength,
  profileUpdateSchema,
  type Admin,
  type ProfileUpdate,
  textLimits,
} from '@dealdesk/core';
import {
  Avatar,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../app/api.js';
import { paths } from '../../app/paths.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { shownInForm, useFormState } from '../../ui/form.js';
import { DraftNotice, useUnsavedChanges } from '../../ui/useUnsavedChanges.js';
import { toastSuccess, unwrap } from '../../ui/notify.js';
import { Page } from '../../ui/Page.js';
import { adminQuery } from './queries.js';
import { useAction } from '../../ui/mutations.js';

const editable = (admin: Admin): ProfileUpdate => ({
  a_name: admin.a_name,
  a_state: admin.a_state,
  a_city: admin.a_city,
  a_phone: admin.a_phone,
  a_address: admin.a_address,
});

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.slice(0, 2).join('') || 'A';
}

function ProfileForm({ admin }: { admin: Admin }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const form = useFormState<ProfileUpdate>(() => editable(admin));
  const draft = useUnsavedChanges('profile', form.values, editing && form.dirty, (kept) => {
    form.setValues(kept);
    setEditing(true);
  });
  const save = useAction({
    mutationFn: async (update: ProfileUpdate) => unwrap(await api.admin.updateProfile(update)),
    onSuccess: (answer) => {
      toastSuccess(answer.message);
      if (answer.data !== undefined) queryClient.setQueryData(adminQuery.queryKey, answer);
      setEditing(false);
    },
    onError: (error) => form.refused(error),
    meta: shownInForm,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const update = form.check(profileUpdateSchema);
    if (update !== null) save.mutate(update);
  };
  const cancel = () => {
    form.reset();
    setEditing(false);
  };
  const field = (key: keyof ProfileUpdate) => ({
    readOnly: !editing,
    variant: editing ? 'default' : 'filled',
    value: form.values[key],
    error: form.errors[key],
    onChange: (event: { currentTarget: { value: string } }) =>
      form.set(key, event.currentTarget.value),
  });

  return (
    <Paper p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <FormRefusal message={form.refusal} />
          <DraftNotice offer={draft} />
          <Group>
            <Avatar size={64} radius="xl" color="indigo">
              {initials(admin.a_name)}
            </Avatar>
            <div>
              <Title order={2} fz="h3">
                {admin.a_name || admin.a_id}
              </Title>
              <Text c="dimmed" size="sm">
                Admin ID {admin.a_id}
              </Text>
            </div>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Email"
              value={admin.a_email}
              readOnly
              variant="filled"
              description="The email cannot be changed"
            />
            <TextInput label="Name" maxLength={textLimits.profileText} {...field('a_name')} />
            <TextInput label="State" maxLength={textLimits.profileText} {...field('a_state')} />
            <TextInput label="City" maxLength={textLimits.profileText} {...field('a_city')} />
            <TextInput
              label="Phone"
              maxLength={phoneMaxLength}
              type="tel"
              autoComplete="tel"
              {...field('a_phone')}
            />
          </SimpleGrid>
          <Textarea
            label="Address"
            maxLength={textLimits.address}
            autosize
            minRows={2}
            {...field('a_address')}
          />
          <Group justify="flex-end">
            {editing ? (
              <>
                <Button variant="default" onClick={cancel} disabled={save.isPending}>
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </>
            ) : (
              <Button onClick={() => setEditing(true)}>Edit</Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /profile: the admin's own details, read-only until Edit. */
export function ProfilePage() {
  const admin = useQuery(adminQuery);
  const data = admin.data?.data;
  return (
    <Page
      title="Profile"
      description="Your administrator details."
      actions={
        <Button component={Link} to={paths.security} variant="default">
          Security: sessions and API tokens
        </Button>
      }
    >
      {data === undefined ? (
        <Skeleton h={360} radius="md" aria-label="Loading profile" />
      ) : (
        <ProfileForm key={admin.dataUpdatedAt} admin={data} />
      )}
    </Page>
  );
}
