import { limitTypes, type LimitType } from '@dealdesk/core';
import { Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/** The None / View / Click limit of a story: one type, and the maximum that goes with it. */
export function LimitFields({
  type,
  value,
  onType,
  onValue,
  error,
}: {
  type: LimitType;
  value: string | number;
  onType: (type: LimitType) => void;
  onValue: (value: string | number) => void;
  error?: string | undefined;
}) {
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        Limit
      </Text>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <SegmentedControl
          aria-labelledby={labelId}
          data={[...limitTypes]}
          value={type}
          onChange={(chosen) => onType(chosen as LimitType)}
        />
        <NumberInput
          aria-label={type === 'Click' ? 'Maximum clicks' : 'Maximum views'}
          placeholder={type === 'Click' ? 'Maximum clicks' : 'Maximum views'}
          min={0}
          allowDecimal={false}
          disabled={type === 'None'}
          value={type === 'None' ? '' : value}
          onChange={onValue}
          error={error}
          w={180}
        />
      </Group>
    </Stack>
  );
}
