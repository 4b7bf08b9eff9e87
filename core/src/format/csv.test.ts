import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvHeader,
  csvNeutralisedStarts,
  csvRecord,
  csvText,
  jsonLine,
  neutraliseCsvText,
  rowsText,
} from './csv.js';
import { readCsvRecords } from './csv-read.js';

/** The fields of each record, read back by the importer's reader. */
const readCsv = (text: string) => readCsvRecords(text).map((record) => record.fields);

async function all(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('csvCell', () => {
  it('leaves plain text, numbers and flags as they are', () => {
    expect(csvCell('Cotton shirt')).toBe('Cotton shirt');
    expect(csvCell(499.5)).toBe('499.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes fields with a comma, a quote, CR or LF, and doubles their quotes', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('12" screen')).toBe('"12"" screen"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvCell('"quoted"')).toBe('"""quoted"""');
  });

  it('writes lists and objects as JSON text in their cell', () => {
    expect(csvCell(['S', 'M'])).toBe('"[""S"",""M""]"');
    expect(csvCell({ Colour: 'Red' })).toBe('"{""Colour"":""Red""}"');
    expect(csvCell([])).toBe('[]');
    expect(JSON.parse(readCsv(csvCell({ a: '=1', b: 'x,y' }))[0]?.[0] ?? '')).toEqual({
      a: '=1',
      b: 'x,y',
    });
  });

  it('neutralises text a spreadsheet would read as a formula, never numbers', () => {
    for (const start of csvNeutralisedStarts)
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('\tTab')).toBe("'\tTab");
    // CR is also a field that needs quotes.
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell("It's")).toBe("It's");
  });
});

describe('neutraliseCsvText and csvText', () => {
  it('strip the one quote they add, for every text', () => {
    const texts = ['=1', "'=1", "''=1", "'plain", "'", '', 'plain', '-', "'-x", '@', "'@'"];
    for (const text of texts) expect(csvText(neutraliseCsvText(text))).toBe(text);
    expect(neutraliseCsvText("'=1")).toBe("''=1");
    expect(neutraliseCsvText("'plain")).toBe("'plain");
    expect(csvText("'plain")).toBe("'plain");
  });
});

describe('records', () => {
  it('end with CRLF, in the columns’ order, the header as named', () => {
    const columns = ['_id', 'title', 'price', 'images'];
    expect(csvHeader(columns)).toBe('_id,title,price,images\r\n');
    expect(
      csvRecord(columns, { price: 10, title: 'Lamp, desk', images: ['https://a/1.jpg'], _id: 'x' }),
    ).toBe('x,"Lamp, desk",10,"[""https://a/1.jpg""]"\r\n');
  });

  it('JSON Lines: one object a line, nothing neutralised', () => {
    expect(jsonLine({ title: '=1', sizes: ['S'] })).toBe('{"title":"=1","sizes":["S"]}\n');
  });
});

describe('read back', () => {
  it('by the importer’s reader, field for field', () => {
    const columns = ['a', 'b', 'c'];
    const rows = [
      { a: 'x, y', b: 'say "hi"', c: 'two\r\nlines' },
      { a: '', b: '=1', c: ['S', 'M'] },
    ];
    const text = csvHeader(columns) + rows.map((row) => csvRecord(columns, row)).join('');
    expect(readCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
      ['', "'=1", '["S","M"]'],
    ]);
  });
});

describe('rowsText', () => {
  it('writes CSV with its header, and JSON Lines, from async rows in chunks', async () => {
    async function* rows() {
      for (let index = 0; index < 5_000; index += 1) yield { n: index, title: `=${index}` };
    }
    const csv = await all(rowsText('csv', ['n', 'title'], rows()));
    const records = readCsv(csv);
    expect(records).toHaveLength(5_001);
    expect(records[0]).toEqual(['n', 'title']);
    expect(records[4_000]).toEqual(['3999', "'=3999"]);
    const lines = (await all(rowsText('jsonl', ['n', 'title'], rows()))).split('\n');
    expect(lines.at(-1)).toBe('');
    expect(JSON.parse(lines[1] ?? '')).toEqual({ n: 1, title: '=1' });
  });

  it('yields chunks of bounded size, reading rows only as they are taken', async () => {
    let read = 0;
    function* rows() {
      for (let index = 0; index < 100_000; index += 1) {
        read += 1;
        yield { title: 'x'.repeat(100) };
      }
    }
    const chunks = rowsText('jsonl', ['title'], rows());
    const first = await chunks.next();
    expect(first.value?.length).toBeLessThan(70 * 1024);
    expect(read).toBeLessThan(1_000);
    await chunks.return(undefined);
  });

  it('writes only the header for no rows, nothing in JSON Lines', async () => {
    expect(await all(rowsText('csv', ['a', 'b'], []))).toBe('a,b\r\n');
    expect(await all(rowsText('jsonl', ['a', 'b'], []))).toBe('');
  });
});
