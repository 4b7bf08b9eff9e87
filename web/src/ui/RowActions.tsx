import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

type Edit = { editPath: string; onEdit?: never } | { onEdit: () => void; editPath?: never };

/** A list row's pencil and bin: the pencil opens the edit screen or edits in place. */
export function RowActions({
  name,
  onDelete,
  ...edit
}: { name: string; onDelete: () => void } & Edit) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Edit">
        {edit.editPath === undefined ? (
          <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={edit.onEdit}>
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
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
