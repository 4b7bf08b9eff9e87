// Reading CSV (RFC 4180): a header row, fields quoted when they hold a comma, a quote or a line
// break, quotes doubled inside. Line ends may be CRLF or LF. Each record keeps the line it starts
// on, so an importer can name the lines it refuses.

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

/** A quote that opens or closes nowhere a field may: the line where it went wrong. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvError';
  }
}

/** Every record of `text` (the header included), blank lines left out. */
export function readCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  // A record of one empty field is a blank line, not a record.
  let started = false;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (started || fields.length > 1 || fields[0] !== '')
      records.push({ line: recordLine, fields });
    fields = [];
    started = false;
  };
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
          const next = source[index + 1];
          if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
            throw new CsvError(line, 'a closing quote must end its field');
        }
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field !== '') throw new CsvError(line, 'a quote may only open a field');
      quoted = true;
      started = true;
    } else if (char === ',') {
      endField();
      started = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else field += char;
  }
  if (quoted) throw new CsvError(recordLine, 'a quoted field is never closed');
  endRecord();
  return records;
}
