import Table from 'cli-table3';
import type { Paint } from './paint.js';

// No rule between rows: long lists stay readable and half as tall.
const compact = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

export type Cell = string | number;

/** A bordered table for people; scripts ask for --json instead. */
export function renderTable(head: string[], rows: Cell[][], paint: Paint): string {
  const table = new Table({
    head: head.map((title) => paint('bold', title)),
    // cli-table3 paints headings red by default; the caller's paint decides colours instead.
    style: { head: [], border: [] },
    chars: compact,
    wordWrap: true,
  });
  table.push(...rows.map((row) => row.map(String)));
  return table.toString();
}

/** Two columns, field and value: one record shown in full. */
export function renderRecord(fields: [string, Cell][], paint: Paint): string {
  const table = new Table({ style: { head: [], border: [] }, chars: compact, wordWrap: true });
  table.push(...fields.map(([name, value]) => ({ [paint('bold', name)]: String(value) })));
  return table.toString();
}
