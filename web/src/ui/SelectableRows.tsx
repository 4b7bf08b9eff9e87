import { mobileBreakpointPx } from '@dealdesk/core';
import { Checkbox, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ColumnCells, ColumnHeads, type Column, type Sorting } from './DataTable.js';
import { EmptyState } from './EmptyState.js';
import { RowCards } from './RowCards.js';

export interface Selection {
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
}

/**
 * One page of a server-paged list (products, in-house ads): a table on wide screens, cards
 * under 768 px. Rows are numbered from `firstNumber`, so numbers continue across pages; the
 * checkboxes select for bulk actions.
 */
export function SelectableRows<Row extends { _id: string }>({
  caption,
  rows,
  firstNumber,
  columns,
  selection,
  rowLabel,
  empty,
  sorting,
  card,
}: {
  caption: string;
  rows: readonly Row[];
  firstNumber: number;
  columns: readonly Column<Row>[];
  selection: Selection;
  /** How a row's checkbox is named. */
  rowLabel: (row: Row) => string;
  empty: { title: string; hint: string };
  /** Sortable headers (on wide screens). */
  sorting?: Sorting | undefined;
  /** The row as a compact card under 768 px (RowCards). */
  card?: ((row: Row) => ReactNode) | undefined;
}) {
  const narrow = useMediaQuery(`(max-width: ${mobileBreakpointPx - 1}px)`);
  const { selected, onSelect } = selection;
  const toggle = (ids: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onSelect(next);
  };
  const pageIds = rows.map((row) => row._id);
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const somePage = pageIds.some((id) => selected.has(id));

  if (rows.length === 0) return <EmptyState {...empty} />;
  const pageBox = (
    <Checkbox
      aria-label="Select every row on this page"
      checked={wholePage}
      indeterminate={somePage && !wholePage}
      onChange={(event) => toggle(pageIds, event.currentTarget.checked)}
    />
  );
  const rowBox = (row: Row) => (
    <Checkbox
      aria-label={`Select ${rowLabel(row)}`}
      checked={selected.has(row._id)}
      onChange={(event) => toggle([row._id], event.currentTarget.checked)}
    />
  );

  if (narrow) {
    return (
      <RowCards
        caption={caption}
        rows={rows}
        columns={columns}
        pageBox={pageBox}
        card={card}
        lead={(row, index) => (
          <>
            {rowBox(row)}
            <Text size="sm" c="dimmed">
              #{firstNumber + index}
            </Text>
          </>
        )}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label={caption} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>{pageBox}</Table.Th>
            <Table.Th w={56}>No</Table.Th>
            <ColumnHeads columns={columns} sorting={sorting} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row._id}>
              <Table.Td>{rowBox(row)}</Table.Td>
              <Table.Td>{firstNumber + index}</Table.Td>
              <ColumnCells columns={columns} row={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
