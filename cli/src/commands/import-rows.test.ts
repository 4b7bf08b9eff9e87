// The parts a large import file is checked in: cut at line ends, each numbered from its first
// line, so a refused row is named at its line in the file whichever part it fell in.
import { describe, expect, it } from 'vitest';
import { checkRows, jsonlParts } from './import-rows.js';

const good = (index: number) =>
  JSON.stringify({
    title: `Part kurta ${index}`,
    price: 10,
    og_price: 20,
    og_url: `https://shop.example.com/part/${index}`,
    category: '0123456789abcdef01234567',
    subcategory: '0123456789abcdef01234568',
    images: ['https://cdn.example.com/part.jpg'],
  });

/** 300 lines: blank ones, CRLF ends, and refused rows here and there. */
const lines = Array.from({ length: 300 }, (_, index) => {
  if (index % 37 === 5) return '';
  if (index % 53 === 7) return '{"title": "no price"}';
  return `${good(index)}${index % 2 === 0 ? '\r' : ''}`;
});
const content = `${lines.join('\n')}\n`;

describe('a JSON Lines file in parts', () => {
  it.each([1, 2, 3, 4, 7])('cuts it into %i parts that make up the file', (count) => {
    const parts = jsonlParts(content, count);
    expect(parts.length).toBeLessThanOrEqual(count);
    expect(parts.map((part) => ('jsonl' in part ? part.jsonl : '')).join('')).toBe(content);
    let line = 1;
    for (const part of parts) {
      if (!('jsonl' in part)) throw new Error('a JSON Lines part');
      expect(part.firstLine).toBe(line);
      expect(part.jsonl === '' || part.jsonl.endsWith('\n')).toBe(true);
      line += part.jsonl.split('\n').length - 1;
    }
  });

  it('names the same lines checked in parts as checked whole', () => {
    const whole = checkRows({ jsonl: content, firstLine: 1 });
    const parts = jsonlParts(content, 3).map(checkRows);
    expect(parts.flatMap((part) => part.failures)).toEqual(whole.failures);
    expect(parts.flatMap((part) => part.valid)).toEqual(whole.valid);
    expect(parts.reduce((sum, part) => sum + part.rows, 0)).toBe(whole.rows);
    expect(whole.failures.map((failure) => failure.line)).toEqual(
      lines.flatMap((text, index) => (text.startsWith('{"title": "no') ? [index + 1] : [])),
    );
  });
});
