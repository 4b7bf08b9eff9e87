import type { ClientResult } from '@dealdesk/core';
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { useRowSelection } from './useRowSelection.js';
import { useGuardedDelete } from './mutations.js';

/**
 * A list's checked rows and their captcha-guarded delete: `tableProps` gives a DataTable its
 * checkboxes and a 'Delete selected' button that shows while rows are checked.
 */
export function useBulkDelete<Row extends { _id: string }>(
  remove: (input: { id: string[] }) => Promise<ClientResult<object>>,
  {
    rows,
    nameOf,
    ...options
  }: {
    refresh: QueryKey;
    what: string;
    wrongAnswer: string;
    /** The rows on screen: only they can be selected. */
    rows: readonly Row[] | undefined;
    /** How the confirmation names one row. */
    nameOf?: (row: Row) => string;
  },
) {
  const { selected, setSelected, clear } = useRowSelection(rows, null);
  const guarded = useGuardedDelete(remove, {
    ...options,
    nameOf: (id) => {
      const row = rows?.find((candidate) => candidate._id === id);
      return row === undefined ? undefined : nameOf?.(row);
    },
  });
  const deleteIds = async (ids: string[]) => {
    if (await guarded.run(ids)) clear();
  };
  const toolbar =
    selected.size > 0 ? (
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} aria-hidden />}
        loading={guarded.isPending}
        onClick={() => void deleteIds([...selected])}
      >
        Delete selected ({selected.size})
      </Button>
    ) : null;
  return { deleteIds, tableProps: { selected, onSelect: setSelected, toolbar } };
}
