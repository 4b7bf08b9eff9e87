import { Pill } from '@mantine/core';

/** An active filter, removed by its own (keyboard-reachable) button. */
export function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Pill
      size="md"
      withRemoveButton
      onRemove={onRemove}
      // Pill hides its remove button from assistive technology by default; here it is the
      // only way to remove the filter, so it is a real button.
      removeButtonProps={{ 'aria-label': `Remove ${label}`, 'aria-hidden': false, tabIndex: 0 }}
    >
      {label}
    </Pill>
  );
}
