import { textLimits } from '@dealdesk/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/**
 * The search box of a server-searched list, bound to useListSearch's typed text; it takes no
 * more than the server searches for.
 */
export function ListSearchInput({
  typed,
  setTyped,
  ...input
}: { typed: string; setTyped: (typed: string) => void } & Omit<
  TextInputProps,
  'type' | 'leftSection' | 'value' | 'onChange'
>) {
  return (
    <TextInput
      type="search"
      maxLength={textLimits.search}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
      {...input}
    />
  );
}
