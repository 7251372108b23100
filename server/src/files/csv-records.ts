/**
 * Reading a data source's CSV (`POST /prepopulation-upload`), in a file worker: RFC 4180
 * (commas, fields quoted with doubled quotes inside, CRLF or LF line ends), UTF-8 with or
 * without a byte order mark. The first row is the header. Every row that cannot be a record
 * is answered with its number and what is wrong with it; values are kept as they are written
 * (a value starting with = + - @ is text: `database/csv.ts` escapes it when written again).
 */
import { filled, msg, type Words } from '#words';

export const csvLimits = {
  rows: 50_000,
  columns: 50,
  header: 100,
  value: 1_000,
} as const;

export interface CsvRecordsInput {
  bytes: Uint8Array;
  /** The header of the column identifying records; the first when empty. */
  reference: string;
}

export interface CsvProblem {
  /** The row of the file, the header being row 1. */
  row: number;
  /** What is wrong with it, said in the reader's language where it is answered. */
  reason: Words;
}

/** What a person reads about a CSV file. */
export const csvTexts = {
  unclosedQuote: msg({ message: 'A quote on this row is never closed.' }),
  wrongCount: msg({ message: 'It has {count, plural, one {# value} other {# values}}; the header has {columns} columns.' }),
  tooLong: msg({ message: 'Its {column} is longer than {most, number} characters.' }),
  notUtf8: msg({ message: 'This file is not a CSV file in UTF-8 text.' }),
  emptyRecords: msg({ message: 'This file is empty: it needs a header row and at least one record.' }),
  unclosedHeader: msg({ message: 'The header row has a quote that is never closed.' }),
  tooManyColumnsSource: msg({ message: 'The file has {count} columns; a data source takes at most {most}.' }),
  unnamedColumn: msg({ message: 'Column {column} of the header row has no name.' }),
  longHeader: msg({ message: 'Column {column} of the header row is longer than {most} characters.' }),
  headerTwice: msg({ message: 'The header row names the column {header} twice.' }),
  noReference: msg({ message: 'The header row has no column {reference} to identify records by.' }),
  tooManyRecords: msg({ message: 'The file has more than {most, number} records; a data source takes at most that many.' }),
  noOid: msg({ message: 'Its {reference} is empty: each record needs one.' }),
  oidTwice: msg({ message: 'Its {reference} {oid} is already used on row {earlier}.' }),
  emptyRows: msg({ message: 'This file is empty: it needs a header row and at least one row.' }),
  tooManyColumns: msg({ message: 'The file has {count} columns; at most {most} are taken.' }),
  tooManyRows: msg({ message: 'The file has more than {most, number} rows; send it in parts of at most that many.' }),
  noRows: msg({ message: 'This file has a header row but no rows: add one row for each form to send.' }),
};

export type CsvRecordsOutput =
  | { refused: Words }
  | {
      headers: string[];
      reference: string;
      /** Each record's values, in the order of `headers`. */
      records: string[][];
      problems: CsvProblem[];
    };

/** The rows of the text, each with the line it starts on; a quote left open ends the text as an error. */
function* rowsOf(text: string, separator = ','): Generator<{ line: number; cells: string[]; unclosed: boolean }> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let i = 0;
  let rowHasContent = false;
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      rowHasContent = true;
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
      rowHasContent = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      cells.push(cell);
      if (rowHasContent || cells.length > 1 || cells[0] !== '') yield { line: startLine, cells, unclosed: false };
      cells = [];
      cell = '';
      rowHasContent = false;
      line += 1;
      startLine = line;
    } else {
      cell += char;
      rowHasContent = true;
    }
    i += 1;
  }
  if (quoted) {
    cells.push(cell);
    yield { line: startLine, cells, unclosed: true };
    return;
  }
  if (rowHasContent || cell !== '') {
    cells.push(cell);
    yield { line: startLine, cells, unclosed: false };
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** A CSV file's text: UTF-8, its byte order mark left out; null when the bytes are not such text. */
function csvText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return null;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.includes('\u0000') ? null : text;
}

/** What is wrong with a row as read, whatever its values mean: a quote never closed, not one value a column, a value too long. */
function rowShapeProblem(cells: readonly string[], unclosed: boolean, headers: readonly string[], maxValue: number): Words | null {
  if (unclosed) return csvTexts.unclosedQuote;
  if (cells.length !== headers.length) return filled(csvTexts.wrongCount, { count: cells.length, columns: headers.length });
  const long = cells.findIndex((cell) => cell.length > maxValue);
  return long >= 0 ? filled(csvTexts.tooLong, { column: headers[long], most: maxValue }) : null;
}

export function csvRecords(input: CsvRecordsInput): CsvRecordsOutput {
  const text = csvText(input.bytes);
  if (text === null) return { refused: csvTexts.notUtf8 };
  const rows = rowsOf(text);
  const first = rows.next();
  if (first.done) return { refused: csvTexts.emptyRecords };
  const headers = first.value.cells.map((header) => header.trim());
  if (first.value.unclosed) return { refused: csvTexts.unclosedHeader };
  if (headers.length > csvLimits.columns)
    return { refused: filled(csvTexts.tooManyColumnsSource, { count: headers.length, most: csvLimits.columns }) };
  const seen = new Set<string>();
  for (const [index, header] of headers.entries()) {
    if (header === '') return { refused: filled(csvTexts.unnamedColumn, { column: index + 1 }) };
    if (header.length > csvLimits.header) return { refused: filled(csvTexts.longHeader, { column: index + 1, most: csvLimits.header }) };
    if (seen.has(header)) return { refused: filled(csvTexts.headerTwice, { header }) };
    seen.add(header);
  }
  const reference = input.reference.trim() || (headers[0] ?? '');
  const referenceIndex = headers.indexOf(reference);
  if (referenceIndex < 0) return { refused: filled(csvTexts.noReference, { reference }) };

  const records: string[][] = [];
  const problems: CsvProblem[] = [];
  const rowOfOid = new Map<string, number>();
  let count = 0;
  for (const { cells, unclosed } of rows) {
    count += 1;
    if (count > csvLimits.rows) return { refused: filled(csvTexts.tooManyRecords, { most: csvLimits.rows }) };
    // Numbered as a spreadsheet shows them: the header is row 1, each record the next.
    const row = count + 1;
    const shape = rowShapeProblem(cells, unclosed, headers, csvLimits.value);
    if (shape) {
      problems.push({ row, reason: shape });
      // Past a quote never closed, the rest of the file is that one value.
      if (unclosed) break;
      continue;
    }
    const oid = (cells[referenceIndex] ?? '').trim();
    if (oid === '') {
      problems.push({ row, reason: filled(csvTexts.noOid, { reference }) });
      continue;
    }
    const earlier = rowOfOid.get(oid);
    if (earlier !== undefined) {
      problems.push({ row, reason: filled(csvTexts.oidTwice, { reference, oid, earlier }) });
      continue;
    }
    rowOfOid.set(oid, row);
    cells[referenceIndex] = oid;
    records.push(cells);
  }
  if (count === 0) return { refused: csvTexts.emptyRecords };
  return { headers, reference, records, problems };
}

export interface CsvTableInput {
  bytes: Uint8Array;
  /** The most rows after the header; a file with more is refused. */
  maxRows: number;
  maxColumns: number;
  /** The longest value. */
  maxValue: number;
}

export type CsvTableOutput =
  | { refused: Words }
  | {
      headers: string[];
      /** Each row with its number in the file (the header is row 1). */
      rows: { row: number; cells: string[] }[];
      problems: CsvProblem[];
    };

/** The separator the header row uses: a semicolon when it has more of them than commas (outside quotes), else a comma. */
export function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * A CSV as a table (a bulk send's, `POST /bulk-sends`): RFC 4180, UTF-8 with or without a byte
 * order mark, separated by commas or, when its header row is, by semicolons. The first row is
 * the header; a row with another number of cells, or a value too long, is a problem of its
 * row. Read in a file worker.
 */
export function csvTable(input: CsvTableInput): CsvTableOutput {
  const text = csvText(input.bytes);
  if (text === null) return { refused: csvTexts.notUtf8 };
  const rowsIn = rowsOf(text, separatorOf(text));
  const first = rowsIn.next();
  if (first.done) return { refused: csvTexts.emptyRows };
  if (first.value.unclosed) return { refused: csvTexts.unclosedHeader };
  const headers = first.value.cells.map((header) => header.trim());
  if (headers.length > input.maxColumns) return { refused: filled(csvTexts.tooManyColumns, { count: headers.length, most: input.maxColumns }) };
  const rows: { row: number; cells: string[] }[] = [];
  const problems: CsvProblem[] = [];
  let count = 0;
  for (const { cells, unclosed } of rowsIn) {
    count += 1;
    if (count > input.maxRows) return { refused: filled(csvTexts.tooManyRows, { most: input.maxRows }) };
    const row = count + 1;
    const shape = rowShapeProblem(cells, unclosed, headers, input.maxValue);
    if (shape) {
      problems.push({ row, reason: shape });
      // Past a quote never closed, the rest of the file is that one value.
      if (unclosed) break;
      continue;
    }
    rows.push({ row, cells });
  }
  if (count === 0) return { refused: csvTexts.noRows };
  return { headers, rows, problems };
}
