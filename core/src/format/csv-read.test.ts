import { describe, expect, it } from 'vitest';
import { CsvError, readCsvRecords } from './csv-read.js';

describe('readCsvRecords', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, naming start lines', () => {
    const text =
      'title,price,images\r\n"Lamp, brass",10,"[""https://a.test/1.png""]"\r\n"Two\nlines",5,x\n';
    expect(readCsvRecords(text)).toEqual([
      { line: 1, fields: ['title', 'price', 'images'] },
      { line: 2, fields: ['Lamp, brass', '10', '["https://a.test/1.png"]'] },
      { line: 3, fields: ['Two\nlines', '5', 'x'] },
    ]);
  });

  it('skips blank lines and a byte-order mark, keeps empty fields', () => {
    expect(readCsvRecords('\uFEFFa,b\n\n1,\n,\n""\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', ''] },
      { line: 4, fields: ['', ''] },
      { line: 5, fields: [''] },
    ]);
  });

  it('names the line of a quote out of place or never closed', () => {
    expect(() => readCsvRecords('a\nx"y\n')).toThrow(
      new CsvError(2, 'a quote may only open a field'),
    );
    expect(() => readCsvRecords('a\n"x"y\n')).toThrow(
      new CsvError(2, 'a closing quote must end its field'),
    );
    expect(() => readCsvRecords('a\n"open\nstill\n')).toThrow(
      new CsvError(2, 'a quoted field is never closed'),
    );
  });
});
