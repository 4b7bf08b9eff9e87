import { describe, expect, it } from 'vitest';
import { ansi, plain, wantsColour } from './paint.js';
import { formatEta, renderBar } from './progress.js';
import { renderTable } from './table.js';

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

describe('tables', () => {
  it('lays rows under headings with no rule between rows', () => {
    const lines = renderTable(
      ['id', 'title'],
      [
        ['a1', 'Shoes'],
        ['b2', 'Shirt'],
      ],
      plain,
    ).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/│ id\s+│ title\s+│/);
    expect(lines[2]).toMatch(/│ a1\s+│ Shoes\s+│/);
    expect(lines[3]).toMatch(/│ b2\s+│ Shirt\s+│/);
  });
});
