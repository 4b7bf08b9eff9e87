import type { AuditKind } from '@dealdesk/core';
import { Anchor, Group } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.js';

/** An item's edit screen: its history, the audit log filtered to this item. */
export function HistoryLink({ kind, id }: { kind: AuditKind; id: string }) {
  return (
    <Anchor component={Link} to={paths.itemHistory(kind, id)} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconHistory size={16} aria-hidden />
        History
      </Group>
    </Anchor>
  );
}
