// A list's state kept in the address's query (Back, a reload and a link show the same list).
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The address's query, and a change to it that builds on the last change made, not on the
 * last render's: react-router's functional update reads the rendered address, so two changes
 * before a render (a From then a To typed quickly) would lose the first.
 */
export function useAddressQuery() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  const update = (change: (next: URLSearchParams) => void, options?: { replace: boolean }) => {
    const next = new URLSearchParams(latest.current);
    change(next);
    latest.current = next;
    setParams(next, options);
    return next;
  };
  return [params, update] as const;
}
