import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useScreenRefusal } from '../app/role.js';

type Edit = { editPath: string; onEdit?: never } | { onEdit: () => void; editPath?: never };

/** A list row's pencil and bin: the pencil opens the edit screen or edits in place. */
export function RowActions({
  name,
  onDelete,
  ...edit
}: { name: string; onDelete: () => void } & Edit) {
  const refusal = useScreenRefusal();
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={refusal ?? 'Edit'}>
        {edit.editPath === undefined || refusal !== null ? (
          <ActionIcon
            variant="subtle"
            aria-label={`Edit ${name}`}
            onClick={edit.onEdit}
            disabled={refusal !== null}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <ActionIcon
            component={Link}
            to={edit.editPath}
            variant="subtle"
            aria-label={`Edit ${name}`}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        )}
      </Tooltip>
      <Tooltip label={refusal ?? 'Delete'}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${name}`}
          onClick={onDelete}
          disabled={refusal !== null}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
