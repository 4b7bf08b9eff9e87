import { searchDebounceMs } from '@dealdesk/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * The search box of a server-searched list (products, in-house ads): what is typed, and what
 * is asked 500 ms after typing stops. A new search goes back to page 1.
 */
export function useListSearch(setPage: (page: number) => void) {
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), searchDebounceMs);
  useEffect(() => setPage(1), [search, setPage]);
  return { typed, setTyped, search };
}
