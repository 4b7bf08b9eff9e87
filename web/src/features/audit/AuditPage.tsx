// /site/audit: every change made through the API, newest first, who made it and from where,
// filtered by who, kind, action, item and days; an entry's detail shows what it changed.
import {
  auditActionLabels,
  auditActions,
  auditKindLabels,
  auditKinds,
  formatDisplayTime,
  type AuditEntry,
} from '@dealdesk/core';
import { Anchor, Button, CloseButton, Group, Paper, Select, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api } from '../../app/api.js';
import { DataTable, type Column } from '../../ui/DataTable.js';
import { ExportButton } from '../../ui/ExportButton.js';
import { DayInput } from '../../ui/DayInput.js';
import { Page } from '../../ui/Page.js';
import { AuditEntryDrawer } from './AuditEntryDrawer.js';
import { clientLabels, itemText } from './labels.js';
import { auditListRequest, auditQueries } from './queries.js';
import { useAuditUrl, type AuditUrl } from './useAuditUrl.js';

const kindOptions = auditKinds.map((kind) => ({ value: kind, label: auditKindLabels[kind] }));
const actionOptions = auditActions.map((action) => ({
  value: action,
  label: auditActionLabels[action],
}));

function columns(url: AuditUrl): Column<AuditEntry>[] {
  return [
    { header: 'When', cell: (entry) => formatDisplayTime(entry.at), width: 150 },
    {
      header: 'Who',
      cell: (entry) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.actor}
        </Text>
      ),
    },
    { header: 'Client', cell: (entry) => clientLabels[entry.client], width: 100 },
    { header: 'Address', cell: (entry) => entry.address, width: 120 },
    { header: 'Action', cell: (entry) => auditActionLabels[entry.action], width: 130 },
    { header: 'Kind', cell: (entry) => auditKindLabels[entry.kind], width: 120 },
    {
      header: 'Item',
      cell: (entry) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {itemText(entry)}
        </Text>
      ),
    },
    {
      header: 'Details',
      width: 80,
      cell: (entry) => (
        <Anchor
          component={Link}
          to={url.entryHref(entry._id)}
          size="sm"
          aria-label={`View the change of ${formatDisplayTime(entry.at)}: ${auditActionLabels[entry.action]} ${auditKindLabels[entry.kind]} ${itemText(entry)}`.trim()}
        >
          View
        </Anchor>
      ),
    },
  ];
}

function Filters({
  url,
  problem,
  itemLabel,
}: {
  url: AuditUrl;
  problem: string | null;
  /** The filtered item's name, from its newest entry. */
  itemLabel: string | undefined;
}) {
  const administrators = useQuery(auditQueries.administrators);
  const { filters } = url;
  const who = (administrators.data ?? []).map((admin) => ({
    value: admin._id,
    label: admin.a_name === '' ? admin.a_id : `${admin.a_name} (${admin.a_id})`,
  }));
  // An administrator the list no longer has (or not yet): the filter still shows its id.
  if (filters.admin !== undefined && !who.some((option) => option.value === filters.admin))
    who.push({ value: filters.admin, label: filters.admin });
  return (
    <Paper p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <Select
          label="Who"
          placeholder="Anyone"
          data={who}
          value={filters.admin ?? null}
          onChange={(value) => url.setFilter('admin', value)}
          clearable
          searchable
        />
        <Select
          label="Kind"
          placeholder="Any kind"
          data={kindOptions}
          value={filters.kind ?? null}
          onChange={(value) => url.setFilter('kind', value)}
          clearable
          searchable
        />
        <Select
          label="Action"
          placeholder="Any action"
          data={actionOptions}
          value={filters.action ?? null}
          onChange={(value) => url.setFilter('action', value)}
          clearable
          searchable
        />
        <DayInput
          label="From"
          value={filters.from ?? ''}
          clearable
          onChange={(day) => url.setFilter('from', day, true)}
        />
        <DayInput
          label="To"
          value={filters.to ?? ''}
          clearable
          error={problem ?? undefined}
          onChange={(day) => url.setFilter('to', day, true)}
        />
      </SimpleGrid>
      {filters.item === undefined && !url.filtered ? null : (
        <Group justify="space-between" mt="sm" gap="xs">
          {filters.item === undefined ? (
            <span />
          ) : (
            <Group gap={4} wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                History of {itemLabel || 'one item'}{' '}
                <Text span c="dimmed">
                  ({filters.item})
                </Text>
              </Text>
              <CloseButton
                size="sm"
                aria-label="Show every item"
                onClick={() => url.setFilter('item', null)}
              />
            </Group>
          )}
          <Button variant="subtle" size="compact-sm" onClick={url.clearFilters}>
            Clear filters
          </Button>
        </Group>
      )}
    </Paper>
  );
}

export function AuditPage() {
  const url = useAuditUrl();
  const { request, problem } = auditListRequest(url.filters, url.page);
  const list = useQuery(auditQueries.page(request));
  const total = problem === null ? (list.data?.total ?? 0) : 0;
  return (
    <Page
      title="Audit log"
      description="Every change made through the API, newest first: who made it, from where, and what it changed."
      actions={
        <ExportButton
          exportCsv={() => api.audit.export({ ...url.filters, format: 'csv' })}
          what="the audit log"
        />
      }
    >
      <Filters
        url={url}
        problem={problem?.message ?? null}
        itemLabel={url.filters.item === undefined ? undefined : list.data?.rows[0]?.label}
      />
      <DataTable
        caption="Changes"
        rows={problem === null ? list.data?.rows : []}
        columns={columns(url)}
        query={list}
        rowLabel={(entry) => `${entry.actor} ${formatDisplayTime(entry.at)}`}
        empty={
          problem !== null
            ? { title: 'Nothing to show', hint: problem.message }
            : url.filtered
              ? { title: 'No changes match', hint: 'Change or clear the filters to see more.' }
              : {
                  title: 'No changes yet',
                  hint: 'Every change made through the web app, the CLI or an API token appears here.',
                }
        }
        minWidth={980}
        paging={{
          page: url.page,
          pages: Math.max(1, Math.ceil(total / (request?.limit ?? 1))),
          total,
          onPage: url.setPage,
        }}
      />
      <AuditEntryDrawer id={url.entry} onClose={url.closeEntry} />
    </Page>
  );
}
