import { adMessages, type AdUnit, type AdUnitUpdate, type AdUnitUpdateInput } from '@dealdesk/core';
import { Button, Group, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { toastSuccess } from '../../ui/notify.js';
import { checkSayingOnce, markOf } from './validation.js';

export interface ExtraColumn<Ad extends AdUnit> {
  header: string;
  cell: (ad: Ad) => ReactNode;
}

interface Editing {
  id: string;
  draft: AdUnitUpdateInput;
  errors: Partial<Record<string, string>>;
}

/**
 * The ads of one screen with inline edit: only the ad id (URL) and the description change,
 * and one row at a time is in edit mode (Edit on another row leaves the first unchanged).
 */
export function AdTable<Ad extends AdUnit>({
  ads,
  idLabel,
  schema,
  update,
  extraColumns = [],
  editActions,
}: {
  ads: readonly Ad[];
  idLabel: string;
  schema: z.ZodType<AdUnitUpdate, AdUnitUpdateInput>;
  /** Saves the checked change; answers the server's message. */
  update: (id: string, change: AdUnitUpdate) => Promise<string>;
  extraColumns?: readonly ExtraColumn<Ad>[];
  /** More buttons of the row being edited (web ads: Delete). */
  editActions?: (ad: Ad, done: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const save = useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdUnitUpdate }) => update(id, change),
    onSuccess: (message) => {
      toastSuccess(message);
      setEditing(null);
    },
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
          },
    );
  const submit = () => {
    if (editing === null) return;
    const verdict = checkSayingOnce(schema, editing.draft, adMessages.fillAll);
    if (verdict.ok) save.mutate({ id: editing.id, change: verdict.data });
    else setEditing({ ...editing, errors: verdict.errors });
  };

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>No</Table.Th>
            <Table.Th>Ad Name</Table.Th>
            <Table.Th>{idLabel}</Table.Th>
            <Table.Th>Ad Description</Table.Th>
            {extraColumns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            <Table.Th w={editActions === undefined ? 170 : 250}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ads.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5 + extraColumns.length}>
                <Text c="dimmed" ta="center" py="md">
                  No ads to show
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {ads.map((ad, index) => {
            const row = editing?.id === ad._id ? editing : null;
            return (
              <Table.Tr key={ad._id} data-editing={row !== null || undefined}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td fw={500}>{ad.a_name}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {row === null ? (
                    ad.a_id
                  ) : (
                    <TextInput
                      aria-label={idLabel}
                      value={row.draft.a_id}
                      error={markOf(row.errors.a_id, adMessages.fillAll)}
                      onChange={(event) => change('a_id', event.currentTarget.value)}
                    />
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {row === null ? (
                    ad.a_description
                  ) : (
                    <Textarea
                      aria-label="Ad Description"
                      autosize
                      minRows={1}
                      value={row.draft.a_description}
                      error={markOf(row.errors.a_description, adMessages.fillAll)}
                      onChange={(event) => change('a_description', event.currentTarget.value)}
                    />
                  )}
                </Table.Td>
                {extraColumns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(ad)}</Table.Td>
                ))}
                <Table.Td>
                  {row === null ? (
                    <Button size="xs" variant="light" onClick={() => startEditing(ad)}>
                      Edit
                    </Button>
                  ) : (
                    <Group gap={6} wrap="nowrap">
                      <Button size="xs" onClick={submit} loading={save.isPending}>
                        Save
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                        Cancel
                      </Button>
                      {editActions?.(ad, () => setEditing(null))}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
