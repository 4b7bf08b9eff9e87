// Columns several DataTable lists show alike.
import { formatDisplayTime } from '@dealdesk/core';
import { Text } from '@mantine/core';
import type { Column } from './DataTable.js';
import { StatusSwitch } from './StatusSwitch.js';

/** When the item was added, on one line. */
export function addedColumn<Row>(addedAt: (row: Row) => string): Column<Row> {
  return {
    header: 'Added',
    cell: (row) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDisplayTime(addedAt(row))}
      </Text>
    ),
  };
}

/** The item's Active / 'De Active' switch, held still while a change is on its way. */
export function statusColumn<Row extends { status: boolean }>({
  name,
  pending,
  onChange,
}: {
  name: (row: Row) => string;
  pending: boolean;
  onChange: (row: Row, status: boolean) => void;
}): Column<Row> {
  return {
    header: 'Status',
    cell: (row) => (
      <StatusSwitch
        checked={row.status}
        itemName={name(row)}
        disabled={pending}
        onChange={(on) => onChange(row, on)}
      />
    ),
  };
}
