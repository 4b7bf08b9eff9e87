import {
  adMessages,
  mobileBreakpointPx,
  networkErrorMessage,
  type AdUnit,
  type AdUnitUpdate,
  type AdUnitUpdateInput,
  textLimits,
} from '@dealdesk/core';
import { Button, Group, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useScreenRefusal } from '../../app/role.js';
import { ColumnCells, ColumnHeads, type Column } from '../../ui/DataTable.js';
import { toastSuccess } from '../../ui/notify.js';
import { RowCards } from '../../ui/RowCards.js';
import { DraftNotice, useUnsavedChanges } from '../../ui/useUnsavedChanges.js';
import { shownInForm, validate, type FieldErrors } from '../../ui/form.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { ApiFailure, messageOf } from '../../ui/notify.js';
import { markOf } from '../../ui/validation.js';
import { useAction } from '../../ui/mutations.js';

interface Editing {
  id: string;
  draft: AdUnitUpdateInput;
  errors: FieldErrors;
  /** A refusal of the whole row ('Please fill all the fields'), shown beside its fields. */
  refusal?: string;
}

/**
 * Where a refused save is said: the one conflict an edit can meet (409, the ad id another ad
 * uses) beside the id, anything else beside the row's buttons.
 */
const placeOf = (error: unknown): Pick<Editing, 'errors' | 'refusal'> => {
  const message = messageOf(error, networkErrorMessage);
  if (error instanceof ApiFailure && (error.httpStatus === 409 || error.field === 'a_id'))
    return { errors: { a_id: message } };
  return { errors: {}, refusal: message };
};

/**
 * The ads of one screen with inline edit: only the ad id (URL) and the description change,
 * and one row at a time is in edit mode (Edit on another row leaves the first unchanged).
 */
export function AdTable<Ad extends AdUnit>({
  caption,
  ads,
  idLabel,
  schema,
  update,
  extraColumns = [],
  editActions,
}: {
  /** What screen readers call the list. */
  caption: string;
  ads: readonly Ad[];
  idLabel: string;
  schema: z.ZodType<AdUnitUpdate, AdUnitUpdateInput>;
  /** Saves the checked change; answers the server's message. */
  update: (id: string, change: AdUnitUpdate) => Promise<string>;
  extraColumns?: readonly Column<Ad>[];
  /** More buttons of the row being edited (web ads: Delete). */
  editActions?: (ad: Ad, done: () => void) => ReactNode;
}) {
  const narrow = useMediaQuery(`(max-width: ${mobileBreakpointPx - 1}px)`);
  const [editing, setEditing] = useState<Editing | null>(null);
  // A role that may not change ads sees Edit disabled, and why on hover.
  const refusal = useScreenRefusal();
  const rowBeingEdited = (ad: Ad) => (editing?.id === ad._id ? editing : null);
  // An inline edit is guarded like a form; its kept draft reopens the row it belongs to.
  const original = ads.find((ad) => ad._id === editing?.id);
  const kept = useUnsavedChanges(
    `ad-edit:${caption}`,
    editing,
    editing !== null &&
      original !== undefined &&
      (editing.draft.a_id !== original.a_id ||
        editing.draft.a_description !== original.a_description),
    setEditing,
  );
  const save = useAction({
    meta: { stayOnFailure: true, ...shownInForm },
    mutationFn: ({ id, change }: { id: string; change: AdUnitUpdate }) => update(id, change),
    onSuccess: (message) => {
      toastSuccess(message);
      setEditing(null);
    },
    onError: (error) =>
      setEditing((current) => (current === null ? null : { ...current, ...placeOf(error) })),
  });

  const startEditing = (ad: Ad) =>
    setEditing({
      id: ad._id,
      draft: { a_id: ad.a_id, a_description: ad.a_description },
      errors: {},
    });
  const change = (key: keyof AdUnitUpdateInput, value: string) =>
    setEditing((current) =>
      current === null
        ? null
        : {
            ...current,
            draft: { ...current.draft, [key]: value },
            errors: { ...current.errors, [key]: undefined },
            refusal: undefined,
          },
    );
  const submit = () => {
    if (editing === null) return;
    const verdict = validate(schema, editing.draft);
    if (verdict.ok) save.mutate({ id: editing.id, change: verdict.data });
    else {
      // 'Please fill all the fields' is said once, beside the row; the blank fields are marked.
      const summary = Object.values(verdict.errors).includes(adMessages.fillAll);
      setEditing({
        ...editing,
        errors: verdict.errors,
        refusal: summary ? adMessages.fillAll : undefined,
      });
    }
  };

  const numbers = new Map(ads.map((ad, index) => [ad._id, index + 1]));
  const columns: Column<Ad>[] = [
    { header: 'No', width: 56, cell: (ad) => numbers.get(ad._id) },
    { header: 'Ad Name', cell: (ad) => <Text fw={500}>{ad.a_name}</Text> },
    {
      header: idLabel,
      cell: (ad) =>
        rowBeingEdited(ad) === null ? (
          <Text style={{ overflowWrap: 'anywhere' }}>{ad.a_id}</Text>
        ) : (
          <TextInput
            aria-label={idLabel}
            value={editing?.draft.a_id}
            error={markOf(editing?.errors.a_id, adMessages.fillAll)}
            onChange={(event) => change('a_id', event.currentTarget.value)}
          />
        ),
    },
    {
      header: 'Ad Description',
      cell: (ad) =>
        rowBeingEdited(ad) === null ? (
          <Text style={{ overflowWrap: 'anywhere' }}>{ad.a_description}</Text>
        ) : (
          <Textarea
            aria-label="Ad Description"
            maxLength={textLimits.description}
            autosize
            minRows={1}
            value={editing?.draft.a_description}
            error={markOf(editing?.errors.a_description, adMessages.fillAll)}
            onChange={(event) => change('a_description', event.currentTarget.value)}
          />
        ),
    },
    ...extraColumns,
    {
      header: 'Actions',
      width: editActions === undefined ? 170 : 250,
      cell: (ad) =>
        rowBeingEdited(ad) === null ? (
          <Button
            size="xs"
            variant="light"
            disabled={refusal !== null}
            title={refusal ?? undefined}
            onClick={() => startEditing(ad)}
          >
            Edit
          </Button>
        ) : (
          <Stack gap={6}>
            <Group gap={6} wrap="nowrap">
              <Button size="xs" onClick={submit} loading={save.isPending}>
                Save
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              {editActions?.(ad, () => setEditing(null))}
            </Group>
            <FormRefusal message={editing?.refusal} />
          </Stack>
        ),
    },
  ];

  const nothing = (
    <Text c="dimmed" ta="center" py="md">
      No ads to show
    </Text>
  );
  const list = narrow ? (
    ads.length === 0 ? (
      nothing
    ) : (
      <RowCards caption={caption} rows={ads} columns={columns} />
    )
  ) : (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <ColumnHeads columns={columns} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ads.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{nothing}</Table.Td>
            </Table.Tr>
          ) : null}
          {ads.map((ad) => (
            <Table.Tr key={ad._id} data-editing={rowBeingEdited(ad) !== null || undefined}>
              <ColumnCells columns={columns} row={ad} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <Stack gap="sm">
      <DraftNotice offer={kept} />
      {list}
    </Stack>
  );
}
