/** Shortcut stories (story brands). Flags are 0/1 integers, times ISO-8601 UTC text. */
export interface ShortcutsTable {
  id: string;
  /** Order number: the list is sorted by it. */
  s_no: number;
  name: string;
  url: string;
  /** Public path of the logo under /media/. */
  logo: string;
  status: number;
  /** What the admin's edits of clickCount add to the tracked clicks (see items/counters.ts). */
  click_adjust: number;
  created_at: string;
}

export interface ShortcutTables {
  shortcuts: ShortcutsTable;
}
