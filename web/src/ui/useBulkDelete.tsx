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
export function useBulkDelete(
  remove: (input: { id: string[] }) => Promise<ClientResult<object>>,
  {
    rows,
    ...options
  }: {
    refresh: QueryKey;
    what: string;
    wrongAnswer: string;
    /** The rows on screen: only they can be selected. */
    rows: readonly { _id: string }[] | undefined;
  },
) {
  const { selected, setSelected, clear } = useRowSelection(rows, null);
  const guarded = useGuardedDelete(remove, options);
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
