import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { ansi, plain, wantsColour } from './paint.js';
import { formatEta, progressLogMs, progressOf, renderBar } from './progress.js';
import { renderRecord, renderTable, type TableContext } from './table.js';
import { formatDisplayTime } from './time.js';

describe('colour', () => {
  it('is on for a terminal only, off with --no-color or NO_COLOR, forced by FORCE_COLOR', () => {
    const tty = { isTTY: true };
    const pipe = { isTTY: false };
    expect(wantsColour(tty, {}, true)).toBe(true);
    expect(wantsColour(pipe, {}, true)).toBe(false);
    expect(wantsColour(tty, {}, false)).toBe(false);
    expect(wantsColour(tty, { NO_COLOR: '1' }, true)).toBe(false);
    expect(wantsColour(pipe, { FORCE_COLOR: '1' }, true)).toBe(true);
    expect(wantsColour(tty, { FORCE_COLOR: '0' }, true)).toBe(false);
  });

  it('wraps text in ANSI codes that reset only their own attribute', () => {
    expect(ansi('red', 'x')).toBe('\u001b[31mx\u001b[39m');
    expect(ansi('bold', 'x')).toBe('\u001b[1mx\u001b[22m');
    expect(plain('red', 'x')).toBe('x');
  });
});

describe('progress bar', () => {
  it('fills in proportion and counts failures', () => {
    expect(renderBar(0, 4, 0, plain, 8)).toBe('[--------] 0/4');
    expect(renderBar(1, 4, 0, plain, 8)).toBe('[##------] 1/4');
    expect(renderBar(4, 4, 2, plain, 8)).toBe('[########] 4/4  2 failed');
    expect(renderBar(0, 0, 0, plain, 8)).toBe('[########] 0/0');
  });

  it('tells the time left at the pace so far, once something finished and until all did', () => {
    expect(renderBar(1, 4, 0, plain, 8, 10_000)).toBe('[##------] 1/4  ETA 0:30');
    expect(renderBar(0, 4, 0, plain, 8, 10_000)).toBe('[--------] 0/4');
    expect(renderBar(4, 4, 0, plain, 8, 10_000)).toBe('[########] 4/4');
    expect(formatEta(61_001)).toBe('1:02');
    expect(formatEta(3_725_000)).toBe('1:02:05');
  });
});

describe('progress lines (not at a terminal)', () => {
  it('logs a line every tenth of the job and after 10 s without one (fake clock)', () => {
    vi.useFakeTimers();
    try {
      const stderr = new PassThrough();
      const progress = progressOf(
        { interactive: false, streams: { stderr }, paintErr: plain },
        40,
        true,
      );
      const lines = () => String(stderr.read() ?? '');
      progress.add(3);
      expect(lines()).toBe('');
      progress.add(1, 1);
      expect(lines()).toBe('Progress: 4 of 40 (10%), 1 failed\n');
      vi.advanceTimersByTime(progressLogMs - 1);
      expect(lines()).toBe('');
      vi.advanceTimersByTime(1);
      expect(lines()).toBe('Progress: 4 of 40 (10%), 1 failed\n');
      progress.done();
      vi.advanceTimersByTime(progressLogMs * 3);
      expect(lines()).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('tables', () => {
  /** What renderTable needs of a run: stdout a terminal `columns` wide, or a pipe. */
  const at = (isTTY: boolean, columns?: number) => {
    const stream = { isTTY, columns } as unknown as TableContext['streams']['stdout'];
    return {
      paint: plain,
      paintErr: plain,
      streams: { stdout: stream, stderr: stream } as unknown as TableContext['streams'],
    };
  };

  it('lays rows under headings with no rule between rows, at a terminal', () => {
    const lines = renderTable(
      ['id', 'title'],
      [
        ['a1', 'Shoes'],
        ['b2', 'Shirt'],
      ],
      at(true, 80),
    ).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/│ id\s+│ title\s+│/);
    expect(lines[2]).toMatch(/│ a1\s+│ Shoes\s+│/);
    expect(lines[3]).toMatch(/│ b2\s+│ Shirt\s+│/);
  });

  it("fits the terminal's width, cutting the widest text columns with an ellipsis", () => {
    const long = 'x'.repeat(800);
    for (const columns of [80, 50]) {
      const text = renderTable(
        ['id', 'title', 'url'],
        [['a1', `Shoes ${long}`, `https://example.com/${long}`]],
        at(true, columns),
      );
      const lines = text.split('\n');
      for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(columns);
      expect(lines[2]).toContain('a1');
      expect(lines[2]).toContain('Shoes');
      expect(lines[2]).toContain('…');
    }
    // A terminal that does not tell its width counts as 80 columns.
    for (const line of renderTable(['t'], [[long]], at(true)).split('\n'))
      expect(Array.from(line).length).toBeLessThanOrEqual(80);
  });

  it('never cuts an id at a terminal, however narrow: the other columns give up room', () => {
    const id = '65f0c0ffee0000000000beef';
    const lines = renderTable(
      ['No', 'id', 'title', 'url'],
      [[1, id, 'A shirt '.repeat(20), `https://example.com/${'x'.repeat(200)}`]],
      at(true, 60),
    ).split('\n');
    expect(lines[2]).toContain(id);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(60);
  });

  it('writes tab-separated rows under a heading row when not at a terminal, nothing cut', () => {
    const long = 'y'.repeat(800);
    const text = renderTable(
      ['id', 'title'],
      [
        ['a1', `\u001b[32mgreen\u001b[39m ${long}`],
        ['b2', 'tab\there\nand a line'],
      ],
      at(false),
    );
    expect(text).toBe(`id\ttitle\na1\tgreen ${long}\nb2\ttab here and a line`);
    expect(text).not.toMatch(/[│┌─]/);
    expect(
      renderRecord(
        [
          ['title', 'Shoes'],
          ['price', 12],
        ],
        at(false),
      ),
    ).toBe('field\tvalue\ntitle\tShoes\nprice\t12');
  });

  it('wraps a long record value to the terminal width', () => {
    const text = renderRecord([['url', `https://example.com/${'z'.repeat(300)}`]], at(true, 60));
    for (const line of text.split('\n')) expect(Array.from(line).length).toBeLessThanOrEqual(60);
    expect(text.replace(/[^z]/g, '')).toHaveLength(300);
  });

  it('stderr tables follow stderr', () => {
    const context = {
      ...at(false),
      streams: { stdout: { isTTY: false }, stderr: { isTTY: true, columns: 40 } },
    } as unknown as TableContext;
    expect(renderTable(['a'], [['b']], context, 'stderr')).toContain('│');
    expect(renderTable(['a'], [['b']], context)).toBe('a\nb');
  });
});

describe('times', () => {
  it("carry the zone they are written in: the business offset, not this machine's", () => {
    expect(formatDisplayTime('2026-11-25T04:30:00Z')).toBe('25/11/2026 10:00:00 AM +05:30');
    expect(formatDisplayTime(null)).toBe('N/A');
    expect(formatDisplayTime('nonsense')).toBe('Invalid');
  });
});
