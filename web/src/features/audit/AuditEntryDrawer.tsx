// An entry's detail over the list (?entry=<id>): who, when, from where, and what it changed,
// field by field. Long values (JSON of a created item's lists) are folded until asked for.
import {
  auditActionLabels,
  auditChanges,
  auditKindLabels,
  formatDisplayTime,
  mobileBreakpointPx,
  type AuditChange,
  type AuditEntryDetail,
} from '@dealdesk/core';
import { Anchor, Code, Drawer, Group, Skeleton, Spoiler, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadError } from '../../ui/LoadError.js';
import { ApiFailure } from '../../ui/notify.js';
import { clientLabels } from './labels.js';
import { auditQueries } from './queries.js';

/** Values longer than this, or of several lines, start folded. */
const foldAfter = 120;

function Value({ text }: { text: string | null }) {
  if (text === null)
    return (
      <Text size="sm" c="dimmed" aria-label="none">
        —
      </Text>
    );
  if (text === '')
    return (
      <Text size="sm" c="dimmed" fs="italic">
        (empty)
      </Text>
    );
  const block = (
    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Code>
  );
  if (text.length <= foldAfter && !text.includes('\n'))
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    );
  return (
    <Spoiler maxHeight={72} showLabel="Show all" hideLabel="Fold">
      {block}
    </Spoiler>
  );
}

function Changes({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0)
    return <Text c="dimmed">This entry records no field values (only that it happened).</Text>;
  return (
    <Table aria-label="What changed" layout="fixed" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="26%">Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.field}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.field}</Table.Td>
            <Table.Td>
              <Value text={change.before} />
            </Table.Td>
            <Table.Td>
              <Value text={change.after} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={72} style={{ flexShrink: 0 }}>
        {name}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function EntryDetail({ entry }: { entry: AuditEntryDetail }) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Fact name="When">{formatDisplayTime(entry.at)}</Fact>
        <Fact name="Who">
          {entry.actor}
          {entry.token_name === null ? '' : ` (API token ${entry.token_name})`}
        </Fact>
        <Fact name="Client">{clientLabels[entry.client]}</Fact>
        <Fact name="Address">{entry.address}</Fact>
        <Fact name="Action">{auditActionLabels[entry.action]}</Fact>
        <Fact name="Kind">{auditKindLabels[entry.kind]}</Fact>
        <Fact name="Item">
          {entry.label || entry.item_id || '—'}
          {entry.item_id === null ? null : (
            <>
              {' '}
              <Anchor component={Link} to={paths.itemHistory(entry.kind, entry.item_id)}>
                Every change of this item
              </Anchor>
            </>
          )}
        </Fact>
      </Stack>
      <Changes changes={auditChanges(entry)} />
    </Stack>
  );
}

export function AuditEntryDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const narrow = useMediaQuery(`(max-width: ${mobileBreakpointPx - 1}px)`);
  const entry = useQuery({ ...auditQueries.entry(id ?? ''), enabled: id !== null });
  const missing = entry.error instanceof ApiFailure && entry.error.httpStatus === 404;
  const title =
    entry.data === undefined
      ? 'Change'
      : `${auditActionLabels[entry.data.action]}: ${auditKindLabels[entry.data.kind]}`;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'lg'}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close the change' }}
    >
      {missing ? (
        <EmptyState title="Entry not found" hint="It may have been pruned from the audit log." />
      ) : entry.isError ? (
        <LoadError what="the change" retry={() => void entry.refetch()} />
      ) : entry.data === undefined ? (
        <Skeleton h={240} aria-label="Loading the change" />
      ) : (
        <EntryDetail entry={entry.data} />
      )}
    </Drawer>
  );
}
