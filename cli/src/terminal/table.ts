import Table from 'cli-table3';
import type { Context } from '../context.js';
import type { Paint } from './paint.js';

// No rule between rows: long lists stay readable and half as tall.
const compact = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

export type Cell = string | number;

/** Where a table goes: stdout (results) or stderr (notes, e.g. import's refused lines). */
export type TableStream = 'stdout' | 'stderr';

/** What a table needs of the run: the stream's colours, whether it is a terminal, its width. */
export type TableContext = Pick<Context, 'paint' | 'paintErr' | 'streams'>;

/** A terminal that does not say its width is taken to be this wide. */
export const defaultColumns = 80;
/** No column is squeezed narrower than this (text, padding excluded). */
const minimumColumnWidth = 6;

// eslint-disable-next-line no-control-regex
const ansiCodes = /\u001b\[[0-9;]*m/g;
const stripAnsi = (text: string) => text.replace(ansiCodes, '');
/** Columns a line takes: code points without colour codes (good enough for our text). */
const widthOf = (text: string) =>
  Math.max(
    0,
    ...stripAnsi(text)
      .split('\n')
      .map((line) => Array.from(line).length),
  );

interface Target {
  paint: Paint;
  tty: boolean;
  columns: number;
}

function targetOf(context: TableContext, stream: TableStream): Target {
  const out = context.streams[stream] as { isTTY?: boolean; columns?: number };
  return {
    paint: stream === 'stdout' ? context.paint : context.paintErr,
    tty: out.isTTY === true,
    columns: typeof out.columns === 'number' && out.columns > 0 ? out.columns : defaultColumns,
  };
}

/** A cell of a tab-separated row: one line, no tab, no colour, nothing cut. */
const tsvCell = (value: Cell) => stripAnsi(String(value)).replace(/[\t\r\n]+/g, ' ');
const tsv = (rows: Cell[][]) => rows.map((row) => `${row.map(tsvCell).join('\t')}`).join('\n');

/**
 * Widths (text only) that fit `available` columns of text: the widest columns give up
 * room first, down to `minimumColumnWidth`; columns already narrow keep their width, and so do
 * the `whole` ones (ids: an id cut short cannot be copied).
 */
export function fitWidths(
  natural: number[],
  available: number,
  whole: readonly boolean[] = [],
): number[] {
  const widths = natural.map((width) => Math.max(1, width));
  const cuttable = (index: number) => whole[index] !== true;
  let excess = widths.reduce((sum, width) => sum + width, 0) - Math.max(0, available);
  while (excess > 0) {
    const shrinking = widths.filter((_, index) => cuttable(index));
    const widest = Math.max(0, ...shrinking);
    if (widest <= minimumColumnWidth) break;
    const next = Math.max(minimumColumnWidth, ...shrinking.filter((width) => width < widest));
    const count = shrinking.filter((width) => width === widest).length;
    const cut = Math.min(widest - next, Math.ceil(excess / count));
    for (let index = 0; index < widths.length && excess > 0; index += 1)
      if (widths[index] === widest && cuttable(index)) {
        widths[index] = widest - cut;
        excess -= cut;
      }
  }
  return widths;
}

/** A column of ids (headed `id`, or `… id`), never cut. */
const isIdColumn = (title: string) => /(^|\s)id$/i.test(title);

/** colWidths for cli-table3 (which counts one space of padding each side) to fit the terminal. */
function columnWidths(rows: string[][], columns: number): number[] {
  const count = Math.max(0, ...rows.map((row) => row.length));
  const natural = Array.from({ length: count }, (_, index) =>
    Math.max(0, ...rows.map((row) => widthOf(row[index] ?? ''))),
  );
  // Each column: its text, a space each side and a border; one border more closes the row.
  const available = columns - count * 3 - 1;
  const whole = (rows[0] ?? []).map((title) => isIdColumn(stripAnsi(title)));
  return fitWidths(natural, available, whole).map((width) => width + 2);
}

/**
 * Rows under headings. At a terminal, a bordered table as wide as the terminal at most (the
 * widest text columns are cut with an ellipsis); elsewhere tab-separated rows under a heading
 * row, no borders, colours or cuts, so `| cut -f2` works.
 */
export function renderTable(
  head: string[],
  rows: Cell[][],
  context: TableContext,
  stream: TableStream = 'stdout',
): string {
  const target = targetOf(context, stream);
  if (!target.tty) return tsv([head, ...rows]);
  const text = rows.map((row) => row.map(String));
  const table = new Table({
    head: head.map((title) => target.paint('bold', title)),
    // cli-table3 paints headings red by default; the caller's paint decides colours instead.
    style: { head: [], border: [] },
    chars: compact,
    colWidths: columnWidths([head, ...text], target.columns),
  });
  table.push(...text);
  return table.toString();
}

/**
 * Two columns, field and value: one record shown in full. At a terminal the values wrap to the
 * terminal's width; elsewhere tab-separated `field<TAB>value` rows under a heading row.
 */
export function renderRecord(
  fields: [string, Cell][],
  context: TableContext,
  stream: TableStream = 'stdout',
): string {
  const target = targetOf(context, stream);
  if (!target.tty) return tsv([['field', 'value'], ...fields]);
  const nameWidth = Math.max(0, ...fields.map(([name]) => widthOf(name))) + 2;
  const valueWidth = Math.max(minimumColumnWidth + 2, target.columns - nameWidth - 3);
  const table = new Table({
    style: { head: [], border: [] },
    chars: compact,
    colWidths: [nameWidth, valueWidth],
    wordWrap: true,
    wrapOnWordBoundary: false,
  });
  table.push(...fields.map(([name, value]) => ({ [target.paint('bold', name)]: String(value) })));
  return table.toString();
}
