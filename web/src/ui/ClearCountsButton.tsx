import { wireTable } from '@dealdesk/core';
import { Button } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useRefusal } from '../app/role.js';

/** Clears the views and clicks of a range (web ads, analytics); the caller asks first. */
export function ClearCountsButton({
  loading,
  onClick,
  children,
}: {
  loading: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  // Clearing counts is analytics clear: an owner's, on every screen that offers it.
  const refusal = useRefusal(wireTable.analytics.clearCounts);
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconEraser size={18} aria-hidden />}
      disabled={refusal !== null}
      title={refusal ?? undefined}
      onClick={onClick}
      loading={loading}
    >
      {children}
    </Button>
  );
}
