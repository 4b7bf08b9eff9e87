// /add/story: shortcut stories (story brands). An add form with the suggested number, and a
// list whose rows edit in place.
import {
  shortcutAddSchema,
  shortcutEditSchema,
  shortcutImageRule,
  type ShortcutStory,
  type ShortcutAddRequest,
  textLimits,
} from '@dealdesk/core';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../../app/api.js';
import { addedColumn, statusColumn } from '../../../ui/columns.js';
import { CountLink } from '../../../ui/CountLink.js';
import { DataTable, type Column } from '../../../ui/DataTable.js';
import { FormRefusal } from '../../../ui/FormRefusal.js';
import { useFormState } from '../../../ui/form.js';
import { DraftNotice, useUnsavedChanges } from '../../../ui/useUnsavedChanges.js';
import { succeeded, useApiMutation } from '../../../ui/mutations.js';
import { RowActions } from '../../../ui/RowActions.js';
import { UploadField } from '../../../ui/UploadField.js';
import { uploadOf } from '../../../ui/upload.js';
import { useBulkDelete } from '../../../ui/useBulkDelete.js';
import { LinkCell } from '../LinkCell.js';
import { shortcutsQuery } from '../queries.js';
import { MediaThumb } from '../../../ui/MediaThumb.js';
import { StoryHeading } from '../StoryHeading.js';
import { wrongAnswerFor } from '../../../ui/wrong-answers.js';
import { WritesFieldset } from '../../../ui/WritesFieldset.js';

const emptyAdd = { name: '', url: '' };

function AddShortcutForm({ nextNumber }: { nextNumber: number | undefined }) {
  const form = useFormState(emptyAdd);
  const [image, setImage] = useState<File | null>(null);
  const kept = useUnsavedChanges(
    'shortcut:new',
    form.values,
    form.dirty || image !== null,
    form.setValues,
  );
  const add = useApiMutation((input: ShortcutAddRequest, client) => client.shortcuts.add(input), {
    refresh: shortcutsQuery.queryKey,
    // The spec's fallback of a failed shortcut upload.
    failure: { failed: 'Something went wrong!', unreachable: 'Something went wrong!' },
    form,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...form.values, ...(image === null ? {} : { image }) };
    if (form.check(shortcutAddSchema, input) === null || image === null) return;
    const saved = await succeeded(
      add.mutateAsync({
        name: form.values.name,
        url: form.values.url,
        image: uploadOf(image),
        ...(nextNumber === undefined ? {} : { s_no: nextNumber }),
      }),
    );
    if (saved) {
      form.reset();
      setImage(null);
    }
  };

  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <WritesFieldset>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <FormRefusal message={form.refusal} />
            <DraftNotice offer={kept} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Number"
                description="Suggested by the server"
                readOnly
                variant="filled"
                value={nextNumber === undefined ? '' : String(nextNumber)}
              />
              <TextInput
                label="Title"
                maxLength={textLimits.name}
                required
                {...form.textField('name')}
              />
              <TextInput
                label="URL"
                maxLength={textLimits.url}
                type="url"
                required
                placeholder="https://"
                {...form.textField('url')}
              />
              <UploadField
                label="Logo image"
                rule={shortcutImageRule}
                file={image}
                onFile={setImage}
                required
                error={form.errors['image']}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                Add shortcut
              </Button>
            </Group>
          </Stack>
        </form>
      </WritesFieldset>
    </Paper>
  );
}

interface RowDraft {
  s_no: string | number;
  name: string;
  url: string;
  clickCount: string | number;
}

export function ShortcutsPage() {
  const shortcuts = useQuery(shortcutsQuery);
  const [editingId, setEditingId] = useState<string | null>(null);
  const draft = useFormState<RowDraft>({ s_no: '', name: '', url: '', clickCount: '' });
  const [newLogo, setNewLogo] = useState<File | null>(null);
  // An inline edit is guarded too; its kept draft reopens the row it belongs to.
  const keptEdit = useUnsavedChanges(
    'shortcut:edit',
    { id: editingId, fields: draft.values },
    editingId !== null && (draft.dirty || newLogo !== null),
    (kept) => {
      draft.setValues(kept.fields);
      setEditingId(kept.id);
    },
  );
  const status = useApiMutation(api.shortcuts.setStatus, { refresh: shortcutsQuery.queryKey });
  const edit = useApiMutation(api.shortcuts.edit, { refresh: shortcutsQuery.queryKey });
  const { deleteIds, tableProps } = useBulkDelete(api.shortcuts.remove, {
    refresh: shortcutsQuery.queryKey,
    what: 'shortcut story',
    wrongAnswer: wrongAnswerFor.shortcuts,
    rows: shortcuts.data?.data,
    nameOf: (shortcut) => shortcut.name,
  });

  const startEdit = (shortcut: ShortcutStory) => {
    draft.reset({
      s_no: shortcut.s_no,
      name: shortcut.name,
      url: shortcut.url,
      clickCount: shortcut.clickCount,
    });
    setNewLogo(null);
    setEditingId(shortcut._id);
  };
  const saveEdit = async (id: string) => {
    const input = { _id: id, ...draft.values, ...(newLogo === null ? {} : { image: newLogo }) };
    if (draft.check(shortcutEditSchema, input) === null) return;
    const saved = await succeeded(
      edit.mutateAsync({
        _id: id,
        name: draft.values.name,
        url: draft.values.url,
        s_no: Number(draft.values.s_no),
        clickCount: Number(draft.values.clickCount),
        ...(newLogo === null ? {} : { image: uploadOf(newLogo) }),
      }),
    );
    if (saved) setEditingId(null);
  };

  const editing = (shortcut: ShortcutStory) => shortcut._id === editingId;
  const columns: Column<ShortcutStory>[] = [
    {
      header: 'No.',
      width: 90,
      cell: (shortcut) =>
        editing(shortcut) ? (
          <NumberInput
            aria-label="Number"
            allowDecimal={false}
            value={draft.values.s_no}
            error={draft.errors['s_no']}
            onChange={(value) => draft.set('s_no', value)}
            w={80}
          />
        ) : (
          shortcut.s_no
        ),
    },
    {
      header: 'Logo',
      width: 72,
      cell: (shortcut) =>
        editing(shortcut) ? (
          <UploadField
            label="New logo"
            description="Optional"
            rule={shortcutImageRule}
            file={newLogo}
            onFile={setNewLogo}
          />
        ) : (
          <MediaThumb image={shortcut.logo} label={`${shortcut.name} logo`} />
        ),
    },
    {
      header: 'Title',
      cell: (shortcut) =>
        editing(shortcut) ? (
          <TextInput
            aria-label="Title"
            maxLength={textLimits.name}
            value={draft.values.name}
            error={draft.errors['name']}
            onChange={(event) => draft.set('name', event.currentTarget.value)}
          />
        ) : (
          <Text fw={500}>{shortcut.name}</Text>
        ),
    },
    {
      header: 'URL',
      cell: (shortcut) =>
        editing(shortcut) ? (
          <TextInput
            aria-label="URL"
            maxLength={textLimits.url}
            type="url"
            value={draft.values.url}
            error={draft.errors['url']}
            onChange={(event) => draft.set('url', event.currentTarget.value)}
          />
        ) : (
          <LinkCell url={shortcut.url} />
        ),
    },
    {
      header: 'Clicks',
      cell: (shortcut) =>
        editing(shortcut) ? (
          <NumberInput
            aria-label="Clicks"
            allowDecimal={false}
            value={draft.values.clickCount}
            error={draft.errors['clickCount']}
            onChange={(value) => draft.set('clickCount', value)}
            w={100}
          />
        ) : (
          <CountLink
            id={shortcut._id}
            name={shortcut.name}
            count={shortcut.clickCount}
            what="clicks"
          />
        ),
    },
    addedColumn((shortcut) => shortcut.createdAt),
    statusColumn({
      name: (shortcut) => shortcut.name,
      pending: status.isPending,
      onChange: (shortcut, on) => status.mutate({ _id: shortcut._id, status: on }),
    }),
    {
      header: 'Actions',
      cell: (shortcut) =>
        editing(shortcut) ? (
          <Group gap={6} wrap="nowrap">
            <Button size="xs" loading={edit.isPending} onClick={() => void saveEdit(shortcut._id)}>
              Save
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditingId(null)}>
              Cancel
            </Button>
          </Group>
        ) : (
          <RowActions
            name={shortcut.name}
            onEdit={() => startEdit(shortcut)}
            onDelete={() => void deleteIds([shortcut._id])}
          />
        ),
    },
  ];

  return (
    <Stack>
      <StoryHeading title="Add a shortcut story" running={shortcuts.data?.secondStoryBrand} />
      <AddShortcutForm nextNumber={shortcuts.data?.next_s_no} />
      <DraftNotice offer={keptEdit} />
      <DataTable
        caption="Shortcut List"
        rows={shortcuts.data?.data}
        columns={columns}
        query={shortcuts}
        rowLabel={(shortcut) => shortcut.name}
        empty={{
          title: 'No shortcut stories yet',
          hint: 'Add a brand with its logo and link above; the app shows them in this order.',
        }}
        {...tableProps}
      />
    </Stack>
  );
}
