// Lists under 768 px: a card per row instead of a table, so switches and actions stay on
// screen (no sideways scrolling on a phone). Each column becomes a labelled cell; cells wrap.
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Column } from './DataTable.js';

export function RowCards<Row extends { _id: string }>({
  caption,
  rows,
  columns,
  pageBox,
  lead,
  card,
}: {
  caption: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  /** The page's select-all checkbox, shown above the cards. */
  pageBox?: ReactNode;
  /** A card's first line: its checkbox, its number. */
  lead?: (row: Row, index: number) => ReactNode;
  /** A compact card of the row's own, beside its lead, instead of a labelled cell per column. */
  card?: ((row: Row) => ReactNode) | undefined;
}) {
  return (
    <Stack gap="sm">
      {pageBox === undefined ? null : (
        <Group gap="xs">
          {pageBox}
          <Text size="sm">Select this page</Text>
        </Group>
      )}
      <Stack gap="sm" role="list" aria-label={caption}>
        {rows.map((row, index) => (
          <Paper key={row._id} p="sm" withBorder role="listitem">
            {card === undefined ? (
              <>
                {lead === undefined ? null : (
                  <Group gap="xs" mb={6} wrap="nowrap">
                    {lead(row, index)}
                  </Group>
                )}
                <Group gap="sm" align="flex-start">
                  {columns.map((column) => (
                    <Box key={column.header} miw={0} style={{ flex: '1 1 140px' }}>
                      <Text size="xs" c="dimmed">
                        {column.header}
                      </Text>
                      <div>{column.cell(row)}</div>
                    </Box>
                  ))}
                </Group>
              </>
            ) : (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                {lead?.(row, index)}
                <Box miw={0} style={{ flex: 1 }}>
                  {card(row)}
                </Box>
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
