import { Button } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconEraser size={18} aria-hidden />}
      onClick={onClick}
      loading={loading}
    >
      {children}
    </Button>
  );
}
