import { datePresetLabels, datePresetNames, type DatePresetName } from '@dealdesk/core';
import { Chip, Flex, Group } from '@mantine/core';
import { DayInput } from './DayInput.js';
import type { DateRangeControl } from './useDateRange.js';

/** Quick ranges as chips, then the start and end dates; typing a date selects 'range'. */
export function DateRangeBar({ control }: { control: DateRangeControl }) {
  return (
    <Flex
      gap="sm"
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'flex-end' }}
      wrap="wrap"
    >
      <Chip.Group
        value={control.choice}
        onChange={(value) => {
          if (value !== 'range') control.choose(value as DatePresetName);
        }}
      >
        <Group gap={6} role="radiogroup" aria-label="Quick ranges">
          {datePresetNames.map((name) => (
            <Chip key={name} value={name} size="sm" variant="light">
              {datePresetLabels[name]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group gap="xs" wrap="nowrap" grow>
        <DayInput
          label="Start date"
          name="startDate"
          size="sm"
          value={control.range.startDate}
          onChange={(day) => control.type('startDate', day)}
        />
        <DayInput
          label="End date"
          name="endDate"
          size="sm"
          value={control.range.endDate}
          onChange={(day) => control.type('endDate', day)}
        />
      </Group>
    </Flex>
  );
}
