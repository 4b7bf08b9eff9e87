import { textLimits } from '@dealdesk/core';
import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';

/**
 * A growing list of image addresses: a blank row is added once the last one is filled, and
 * every row after the first can be removed. Blank rows are dropped on submit (by the schema).
 */
export function ImageUrlRows({
  urls,
  onChange,
  error,
}: {
  urls: readonly string[];
  onChange: (urls: string[]) => void;
  error?: string | boolean | undefined;
}) {
  const rows = urls.length === 0 ? [''] : urls;
  const edit = (index: number, url: string) => {
    const next = rows.map((row, at) => (at === index ? url : row));
    if (index === next.length - 1 && url.trim() !== '') next.push('');
    onChange(next);
  };
  const remove = (index: number) => onChange(rows.filter((_, at) => at !== index));
  return (
    <Stack gap={6}>
      {rows.map((url, index) => (
        <Group key={index} gap={6} wrap="nowrap">
          <TextInput
            aria-label={`Image URL ${index + 1}`}
            maxLength={textLimits.url}
            placeholder="https://..."
            type="url"
            value={url}
            onChange={(event) => edit(index, event.currentTarget.value)}
            error={index === 0 ? error !== undefined && error !== false : false}
            style={{ flex: 1 }}
          />
          {index === 0 ? null : (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove image URL ${index + 1}`}
              onClick={() => remove(index)}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {typeof error === 'string' ? (
        <Text c="red" size="xs">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
