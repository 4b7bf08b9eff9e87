// A list's state kept in the address's query (Back, a reload and a link show the same list).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The address's query, and a change to it that builds on the last change made, not on the
 * last render's. react-router's functional update reads the rendered address, and the router
 * applies a change in a transition: a render before it lands (a list's answer, say) still
 * shows the address before it. Two changes around such a render (a From then a To typed
 * quickly, on a busy machine) lost the first. So the changes written are remembered until an
 * address shown on screen is one of them; one that is none of them (Back, a link) is followed.
 * The query answered is the last change written until the router shows it: its transition can
 * land many frames after the address changed (a screen busy rendering), and a control must show
 * what was just typed or chosen, not the query before it.
 */
export function useAddressQuery() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const written = useRef<string[]>([]);
  const [unshown, setUnshown] = useState<URLSearchParams | null>(null);
  // After each address shown (react-router keeps the object while the query stays), never in
  // a render, which React may drop or run before the change lands.
  useLayoutEffect(() => {
    const landed = written.current.indexOf(params.toString());
    if (landed === -1) written.current = [];
    else written.current.splice(0, landed + 1);
    if (written.current.length === 0) {
      latest.current = params;
      setUnshown(null);
    }
  }, [params]);
  // Back or Forward before the router showed the last change: the router may still show the
  // entry the browser returns to, so no new address renders and the change would stay the
  // query answered. The browser's address is followed instead.
  useEffect(() => {
    const follow = () => {
      written.current = [];
      latest.current = new URLSearchParams(window.location.search);
      setUnshown(null);
    };
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const update = (change: (next: URLSearchParams) => void, options?: { replace: boolean }) => {
    const next = new URLSearchParams(latest.current);
    change(next);
    latest.current = next;
    written.current.push(next.toString());
    setUnshown(next);
    setParams(next, options);
    return next;
  };
  return [unshown ?? params, update] as const;
}
