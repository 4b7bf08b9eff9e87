// The parts a large import file is checked in: cut at line ends, a call's rows each, numbered
// from their first line, so a refused row is named at its line in the file whichever part it
// fell in, and each good row is sent as its line holds it (or as checked, with fields the
// server does not read).
import { productBulkSchema } from '@dealdesk/core';
import { describe, expect, it } from 'vitest';
import { checkFile, checkParts, partsOf, type RowSource } from './import-rows.js';

const good = (index: number) =>
  JSON.stringify({
    title: `Part kurta ${index}`,
    price: 10,
    og_price: 20,
    og_url: `https://shop.example.com/part/${index}`,
    category: '0123456789abcdef01234567',
    subcategory: '0123456789abcdef01234568',
    images: ['https://cdn.example.com/part.jpg'],
    ...(index % 5 === 0 ? { _id: `exported-${index}` } : {}),
    ...(index % 7 === 0 ? { description: 'not a field of a row' } : {}),
  });

/** 300 lines: blank ones, CRLF ends, and refused rows here and there. */
const lines = Array.from({ length: 300 }, (_, index) => {
  if (index % 37 === 5) return '';
  if (index % 53 === 7) return '{"title": "no price"}';
  return `${good(index)}${index % 2 === 0 ? '\r' : ''}`;
});
const content = `${lines.join('\n')}\n`;
const source: RowSource = { jsonl: content };
const refusedLines = lines.flatMap((text, index) =>
  text.startsWith('{"title": "no') ? [index + 1] : [],
);

describe('a JSON Lines file in parts', () => {
  it.each([1, 7, 64, 300, 1000])('cuts it into parts of %i lines that make up the file', (size) => {
    const parts = partsOf(source, size);
    expect(parts.length).toBe(Math.ceil(300 / size));
    expect(parts.map(({ start, end }) => content.slice(start, end)).join('')).toBe(content);
    parts.forEach((part, index) => {
      expect(part.firstLine).toBe(index * size + 1);
      expect(content.slice(part.start, part.end).endsWith('\n')).toBe(true);
    });
  });

  it('names the same lines and sends the same rows, whatever the parts', async () => {
    const whole = await checkFile(content, 'jsonl', 1000);
    const inParts = await checkFile(content, 'jsonl', 64);
    expect(inParts.failures).toEqual(whole.failures);
    expect(inParts.rows).toBe(whole.rows);
    expect(whole.rows).toBe(lines.filter((text) => text !== '').length);
    expect(whole.failures.map((failure) => failure.line)).toEqual(refusedLines);
    expect(inParts.batches).toHaveLength(5);
    const sent = (batches: typeof whole.batches) =>
      batches.flatMap((batch) => JSON.parse(batch.json) as unknown[]);
    expect(sent(inParts.batches)).toEqual(sent(whole.batches));
    expect(inParts.batches.flatMap((batch) => batch.lines)).toEqual(whole.batches[0]?.lines);
  });

  it("sends a row as written when it holds only an export row's fields, else as checked", async () => {
    const [batch] = (await checkFile(content, 'jsonl', 1000)).batches;
    if (batch === undefined) throw new Error('a batch');
    const rows = JSON.parse(batch.json) as Record<string, unknown>[];
    batch.lines.forEach((line, position) => {
      const written = (lines[line - 1] ?? '').trim();
      const row = rows[position];
      if (written.includes('"description"')) {
        expect(row).not.toHaveProperty('description');
        expect(row).toMatchObject({ events: 'None', rating: expect.any(String) as string });
      } else expect(JSON.stringify(row)).toBe(written);
      expect(row?.['og_url']).toBe(batch.ogUrls[position]);
    });
    // What is sent is what the server's schema reads, as one JSON array.
    const body = productBulkSchema.safeParse({ products: rows });
    expect(body.success).toBe(true);
  });

  it('shares out the parts between threads by a count both take from', () => {
    const parts = partsOf(source, 32);
    const taken = new SharedArrayBuffer(4);
    // Another thread took the first three parts: this one checks the rest, in order.
    new Int32Array(taken)[0] = 3;
    const checked = checkParts({ source, parts, taken });
    expect(checked.map(([index]) => index)).toEqual(
      Array.from({ length: parts.length - 3 }, (_, at) => at + 3),
    );
    expect(new Int32Array(taken)[0]).toBeGreaterThanOrEqual(parts.length);
    expect(checkParts({ source, parts, taken })).toEqual([]);
  });
});
