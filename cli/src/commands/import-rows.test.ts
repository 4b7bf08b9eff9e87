// The parts an import file is read and checked in as it streams: cut at line ends (CSV: after a
// record), a call's rows each, numbered from their first line, so a refused row is named at its
// line in the file whichever part it fell in, and each good row is sent as its line holds it (or
// as checked, with fields the server does not read).
import { productBulkSchema } from '@dealdesk/core';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readParts, type ImportFormat } from './import-file.js';
import { checkedParts, type Batch, type Failure, type Part } from './import-rows.js';

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
const refusedLines = lines.flatMap((text, index) =>
  text.startsWith('{"title": "no') ? [index + 1] : [],
);

/** The file holding `text`, as the import opens it. */
async function fileOf(text: string, name = 'rows.jsonl') {
  const path = join(await mkdtemp(join(tmpdir(), 'dealdesk-rows-')), name);
  await writeFile(path, text);
  return { name: path, path, size: text.length, stamp: '', remove: async () => {} };
}

async function partsOf(text: string, size: number, format: ImportFormat = 'jsonl') {
  const parts: Part[] = [];
  for await (const part of readParts(await fileOf(text), format, size)) parts.push(part);
  return parts;
}

/** The file read in parts of `batchSize` and checked, as the import's passes do. */
async function checkFile(text: string, format: ImportFormat, batchSize: number) {
  const file = await fileOf(text);
  const checked = { rows: 0, batches: [] as Batch[], failures: [] as Failure[] };
  for await (const part of checkedParts(readParts(file, format, batchSize), false, false)) {
    checked.rows += part.rows;
    checked.failures.push(...part.failures);
    if (part.batch.lines.length > 0) checked.batches.push(part.batch);
  }
  return checked;
}

describe('a JSON Lines file in parts', () => {
  it.each([1, 7, 64, 300, 1000])(
    'cuts it into parts of %i lines that make up the file',
    async (size) => {
      const parts = await partsOf(content, size);
      expect(parts.length).toBe(Math.ceil(300 / size));
      const texts = parts.map((part) => ('jsonl' in part ? part.jsonl : ''));
      expect(texts.join('')).toBe(content);
      parts.forEach((part, index) => {
        expect(part).toMatchObject({ firstLine: index * size + 1 });
        expect(texts[index]?.endsWith('\n')).toBe(true);
      });
    },
  );

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
});

describe('a CSV file in parts', () => {
  const header = 'title,price,og_price,og_url,category,subcategory,images,specifications';
  const record = (index: number, title = `Shirt ${index}`) =>
    [
      `"${title.replaceAll('"', '""')}"`,
      '10',
      '20',
      `https://shop.example.com/csv/${index}`,
      '0123456789abcdef01234567',
      '0123456789abcdef01234568',
      'https://cdn.example.com/csv.jpg',
      '"{""Brand"":""Acme, Inc.""}"',
    ].join(',');
  // A BOM, CRLF and LF ends mixed, blank lines, a title over two lines with a comma and a
  // doubled quote, and a record with a field too few.
  const csv = [
    `\uFEFF${header}\r`,
    `${record(1)}\r`,
    '',
    record(2, 'Shirt, "two"\nlines'),
    record(3),
    '',
    '',
    'Short,1,2',
    `${record(5)}\r`,
    record(6),
  ].join('\n');

  it('reads quoted commas, line breaks and quotes, and names each record by its first line', async () => {
    for (const size of [1, 2, 100]) {
      const { rows, batches, failures } = await checkFile(csv, 'csv', size);
      expect(rows).toBe(6);
      expect(failures).toEqual([
        { line: 9, message: 'expected 8 fields as in the header, found 3' },
      ]);
      expect(batches.flatMap((batch) => batch.lines)).toEqual([2, 4, 6, 10, 11]);
      const sent = batches.flatMap((batch) => JSON.parse(batch.json) as Record<string, unknown>[]);
      expect(sent[1]).toMatchObject({
        title: 'Shirt, "two"\nlines',
        specifications: { Brand: 'Acme, Inc.' },
      });
    }
  });

  it('names the line where the CSV cannot be read (a usage error: nothing is sent)', async () => {
    const broken = `${header}\n${record(1)}\n"open,1\n`;
    await expect(checkFile(broken, 'csv', 100)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^The CSV cannot be read: .*line 3/) as string,
    });
  });
});

describe('a file larger than a read', () => {
  it('keeps rows whole and their lines where reads of the file end', async () => {
    // 4 MB in 1 MB reads: lines cut at every read's end.
    const many = Array.from({ length: 16_000 }, (_, index) =>
      index % 4_001 === 0 ? '{"broken":' : good(index),
    );
    const { rows, batches, failures } = await checkFile(`${many.join('\n')}`, 'jsonl', 5_000);
    expect(rows).toBe(16_000);
    expect(failures.map((failure) => failure.line)).toEqual([1, 4_002, 8_003, 12_004]);
    expect(batches.map((batch) => batch.lines.length)).toEqual([4_998, 4_999, 4_999, 1_000]);
  });
});
