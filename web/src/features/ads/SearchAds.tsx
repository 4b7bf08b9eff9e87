import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box of an ad screen (matching happens in search.ts). */
export function SearchAds({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <TextInput
      type="search"
      placeholder="Search by name, id or description"
      aria-label={`Search ${label}`}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
