import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useScreenRefusal } from '../app/role.js';

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
  const refusal = useScreenRefusal();
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconTrash size={18} aria-hidden />}
      disabled={count === 0 || refusal !== null}
      title={refusal ?? undefined}
      loading={loading}
      onClick={onClick}
    >
      Delete selected{count === 0 ? '' : ` (${count})`}
    </Button>
  );
}
