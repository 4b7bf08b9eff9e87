// The checked rows of a list (react-admin's useRecordSelection is the model). A selection only
// ever holds rows on screen: a new search, filter or page starts it empty, and rows that left
// the list (deleted, or moved by an edit) leave it too. Otherwise a bulk action could reach rows
// the admin no longer sees ("Delete selected (10)" with nothing ticked deleted ten products).
import { useMemo, useState } from 'react';

interface Held {
  /** The view (search, filters, page) the ids were checked in. */
  view: string;
  ids: ReadonlySet<string>;
}

export interface RowSelection {
  selected: Set<string>;
  setSelected: (ids: Set<string>) => void;
  clear: () => void;
}

/**
 * `rows`: what the list shows now; `view`: anything that names what it shows (search, filters,
 * page), compared by value.
 */
export function useRowSelection(
  rows: readonly { _id: string }[] | undefined,
  view: unknown,
): RowSelection {
  const viewKey = JSON.stringify(view ?? null);
  const [held, setHeld] = useState<Held>({ view: viewKey, ids: new Set() });
  // A new view drops what was checked in the last one for good (React's way of resetting state
  // on a changed input: set it during render), so going back does not bring it back.
  if (held.view !== viewKey) setHeld({ view: viewKey, ids: new Set() });
  const selected = useMemo(() => {
    if (held.view !== viewKey) return new Set<string>();
    const onScreen = new Set(rows?.map((row) => row._id));
    return new Set([...held.ids].filter((id) => onScreen.has(id)));
  }, [held, viewKey, rows]);
  return {
    selected,
    setSelected: (ids) => setHeld({ view: viewKey, ids }),
    clear: () => setHeld({ view: viewKey, ids: new Set() }),
  };
}
