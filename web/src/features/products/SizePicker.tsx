import { sizeOptions, type Size } from '@dealdesk/core';
import { Chip, Group, Text } from '@mantine/core';

/** Available sizes as toggles, from S to XXXL. */
export function SizePicker({
  value,
  onChange,
}: {
  value: readonly Size[];
  onChange: (sizes: Size[]) => void;
}) {
  return (
    <div>
      <Text size="sm" fw={500} mb={6} id="available-sizes">
        Available sizes
      </Text>
      <Chip.Group
        multiple
        value={[...value]}
        // Kept in the options' order whatever order they were clicked in.
        onChange={(sizes) => onChange(sizeOptions.filter((size) => sizes.includes(size)))}
      >
        <Group gap={6} role="group" aria-labelledby="available-sizes">
          {sizeOptions.map((size) => (
            <Chip key={size} value={size} size="sm">
              {size}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}
