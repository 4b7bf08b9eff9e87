import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** The bulk delete above a paged list: disabled until rows are checked, then counts them. */
export function DeleteSelectedButton({
  count,
  loading,
  onClick,
}: {
  count: number;
  loading: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconTrash size={18} aria-hidden />}
      disabled={count === 0}
      loading={loading}
      onClick={onClick}
    >
      Delete selected{count === 0 ? '' : ` (${count})`}
    </Button>
  );
}
