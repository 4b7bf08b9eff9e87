// Lists of every story screen: only one page of rows is rendered, so thousands of items
// stay quick; under 768 px each row is a card (RowCards), so no action sits off-screen. A list
// the server pages (`paging`) shows the rows it is given, and the server's pages.
import { mobileBreakpointPx } from '@dealdesk/core';
import {
  Box,
  Checkbox,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { LoadError, type ListQuery } from './LoadError.js';
import { EmptyState } from './EmptyState.js';
import { RowCards } from './RowCards.js';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Narrow columns (switches, counts) do not stretch. */
  width?: number | string;
  /** What the list sorts by when the header is clicked (lists given a Sorting). */
  sortKey?: string;
}

/** A list's sort: the key and order in force, and what a header click asks. */
export interface Sorting {
  by: string;
  order: 'asc' | 'desc';
  onSort: (key: string) => void;
}

const orderNames = { asc: 'ascending', desc: 'descending' } as const;

/** A header that sorts: a button saying the order in force (aria-sort on its cell). */
function SortingHead<Row>({ column, sorting }: { column: Column<Row>; sorting: Sorting }) {
  const active = sorting.by === column.sortKey;
  const Arrow = !active ? IconArrowsSort : sorting.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th w={column.width} aria-sort={active ? orderNames[sorting.order] : 'none'}>
      <UnstyledButton
        onClick={() => sorting.onSort(column.sortKey ?? '')}
        fw={700}
        fz="sm"
        aria-label={`Sort by ${column.header}`}
      >
        <Group gap={4} wrap="nowrap">
          {column.header}
          <Arrow size={14} aria-hidden opacity={active ? 1 : 0.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

const pageSize = 10;

/** A list the server pages: the page shown, how many items there are in all, and the pages. */
export interface ServerPaging {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}

/** The header cells of a table's columns (its own cells, such as checkboxes, aside). */
export function ColumnHeads<Row>({
  columns,
  sorting,
}: {
  columns: readonly Column<Row>[];
  sorting?: Sorting | undefined;
}) {
  return columns.map((column) =>
    sorting !== undefined && column.sortKey !== undefined ? (
      <SortingHead key={column.header} column={column} sorting={sorting} />
    ) : (
      <Table.Th key={column.header} w={column.width}>
        {column.header}
      </Table.Th>
    ),
  );
}

/** One row's cells, a column each. */
export function ColumnCells<Row>({ columns, row }: { columns: readonly Column<Row>[]; row: Row }) {
  return columns.map((column) => <Table.Td key={column.header}>{column.cell(row)}</Table.Td>);
}

export function DataTable<Row extends { _id: string }>({
  caption,
  rows,
  columns,
  query,
  empty,
  selected,
  onSelect,
  rowLabel,
  toolbar,
  minWidth = 760,
  paging,
}: {
  caption: string;
  rows: readonly Row[] | undefined;
  columns: readonly Column<Row>[];
  /** The list's query: loading, failed (then Retry), or answered. */
  query: ListQuery;
  empty: { title: string; hint: string };
  /** Row selection for bulk deletes. */
  selected?: ReadonlySet<string>;
  onSelect?: (ids: Set<string>) => void;
  /** How screen readers name a row's checkbox. */
  rowLabel: (row: Row) => string;
  toolbar?: ReactNode;
  /** Below this the table scrolls sideways; narrow card layouts give a smaller one. */
  minWidth?: number;
  /** Given when the server pages the list: `rows` are then one page of it. */
  paging?: ServerPaging;
}) {
  const narrow = useMediaQuery(`(max-width: ${mobileBreakpointPx - 1}px)`);
  const serverPaged = paging !== undefined;
  const [ownPage, setOwnPage] = useState(1);
  const total = paging?.total ?? rows?.length ?? 0;
  const pages = paging?.pages ?? Math.max(1, Math.ceil(total / pageSize));
  const page = paging?.page ?? ownPage;
  const setPage = paging?.onPage ?? setOwnPage;
  useEffect(() => {
    if (!serverPaged && ownPage > pages) setOwnPage(pages);
  }, [serverPaged, ownPage, pages]);
  const visible = useMemo(
    () =>
      serverPaged ? (rows ?? []) : (rows ?? []).slice((ownPage - 1) * pageSize, ownPage * pageSize),
    [rows, ownPage, serverPaged],
  );
  const selectable = selected !== undefined && onSelect !== undefined;
  const allVisibleSelected = visible.length > 0 && visible.every((row) => selected?.has(row._id));

  const toggle = (ids: string[], on: boolean) => {
    if (!selectable) return;
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onSelect(next);
  };
  const pageBox = (
    <Checkbox
      aria-label="Select every row on this page"
      checked={allVisibleSelected}
      onChange={(event) =>
        toggle(
          visible.map((row) => row._id),
          event.currentTarget.checked,
        )
      }
    />
  );
  const rowBox = (row: Row) => (
    <Checkbox
      aria-label={`Select ${rowLabel(row)}`}
      checked={selected?.has(row._id) ?? false}
      onChange={(event) => toggle([row._id], event.currentTarget.checked)}
    />
  );

  return (
    <Paper p={0}>
      <Group justify="space-between" px="md" py="sm">
        <Text fw={650} component="h2" fz="lg" m={0}>
          {caption}
        </Text>
        {toolbar}
      </Group>
      {rows === undefined && query.isError ? (
        <LoadError what={caption.toLowerCase()} retry={() => void query.refetch()} />
      ) : rows === undefined && query.isPending ? (
        <Skeleton h={240} m="md" w="auto" aria-label={`Loading ${caption}`} />
      ) : total === 0 ? (
        <EmptyState {...empty} />
      ) : (
        <>
          {narrow ? (
            <Box px="sm">
              <RowCards
                caption={caption}
                rows={visible}
                columns={columns}
                {...(selectable
                  ? {
                      pageBox,
                      lead: rowBox,
                    }
                  : {})}
              />
            </Box>
          ) : (
            <ScrollArea type="auto">
              <Table miw={minWidth} aria-label={caption}>
                <Table.Thead>
                  <Table.Tr>
                    {selectable ? <Table.Th w={40}>{pageBox}</Table.Th> : null}
                    <ColumnHeads columns={columns} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {visible.map((row) => (
                    <Table.Tr key={row._id}>
                      {selectable ? <Table.Td>{rowBox(row)}</Table.Td> : null}
                      <ColumnCells columns={columns} row={row} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
          <Group justify="space-between" px="md" py="sm">
            <Text size="sm" c="dimmed">
              {total} {total === 1 ? 'item' : 'items'}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            ) : null}
          </Group>
        </>
      )}
    </Paper>
  );
}
